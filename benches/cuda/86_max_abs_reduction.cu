// 86_max_abs_reduction.py: warp-shuffle max-abs, shared memory across warps,
// float atomic max (a CAS loop: CUDA C has no float atomicMax).
#define WARPS 8
#define FULL 0xffffffffu
__device__ __forceinline__ unsigned laneid()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    return r;
}
__device__ float atomic_max_f32(float *addr, float val)
{
    int *p = (int *)addr;
    int old = *p, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val)
            break;
        old = atomicCAS(p, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}
extern "C" __global__ void max_abs(const float *x, long long n, float *out)
{
    __shared__ float partial[WARPS];
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? fabsf(x[i]) : 0.0f;
    for (long long off = 16; off > 0; off /= 2)
        v = fmaxf(v, __shfl_down_sync(FULL, v, (int)off));
    long long warp = (long long)threadIdx.x / 32;
    if (laneid() == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = laneid() < WARPS ? partial[laneid()] : 0.0f;
        for (long long off = WARPS / 2; off > 0; off /= 2)
            v = fmaxf(v, __shfl_down_sync(FULL, v, (int)off));
        if (laneid() == 0)
            atomic_max_f32(&out[0], v);
    }
}
