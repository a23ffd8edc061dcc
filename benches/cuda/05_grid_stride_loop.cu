// 05_grid_stride_loop.py: grid-stride loop with sqrt.
extern "C" __global__ void sqrt_all(const float *x, long long n, float *out)
{
    long long start = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = start; i < n; i += stride)
        out[i] = sqrtf(x[i]);
}
