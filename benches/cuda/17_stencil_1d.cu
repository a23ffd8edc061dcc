// 17_stencil_1d.py: 1-d stencil with a shared-memory halo.
#define RADIUS 3
#define TPB 128
#define TILE (TPB + 2 * RADIUS)
extern "C" __global__ void stencil_1d(const float *x, long long n, float *out)
{
    __shared__ float tile[TILE];
    long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long l = (long long)threadIdx.x + RADIUS;
    tile[l] = g < n ? x[g] : 0.0f;
    if (threadIdx.x < RADIUS) {
        long long left = g - RADIUS;
        long long right = g + TPB;
        tile[l - RADIUS] = left >= 0 ? x[left] : 0.0f;
        tile[l + TPB] = right < n ? x[right] : 0.0f;
    }
    __syncthreads();
    if (g < n) {
        float acc = 0.0f;
        for (int off = -RADIUS; off < RADIUS + 1; off++)
            acc += tile[l + off];
        out[g] = (float)((double)acc / (2 * RADIUS + 1));
    }
}
