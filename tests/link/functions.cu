// Device functions for kernelc's link tests (`cuda.declare_device` with
// `link=`), in Numba's ABI: `int f(T *return_value, args...)`, returning a
// status (0: success; anything else but -2 ends the calling thread, as a
// Python exception would), except `cube_f32`, in the C ABI (`abi='c'`).
// functions.ptx is this file as nvcc 12 compiles it (`nvcc -ptx -rdc=true
// -arch=sm_52`), written out by hand so the tests need no CUDA toolkit.

extern "C" __device__ int mul_f32(float *r, float x, float y) {
    *r = x * y;
    return 0;
}

extern "C" __device__ int fma_f64(double *r, double x, double y, double z) {
    *r = fma(x, y, z);
    return 0;
}

extern "C" __device__ int scale_i16(int *r, short x, unsigned char k) {
    *r = x * k;
    return 0;
}

extern "C" __device__ int is_neg(bool *r, long long x) {
    *r = x < 0;
    return 0;
}

extern "C" __device__ int fail_if_neg(float *r, float x) {
    if (x < 0) {
        return 1;
    }
    *r = x;
    return 0;
}

extern "C" __device__ float cube_f32(float x) {
    return x * x * x;
}
