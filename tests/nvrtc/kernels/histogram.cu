// Histogram with per-block shared-memory bins (atomicAdd on shared), a
// grid-stride loop, then merging into global bins with atomicAdd.
#define NBINS 64
extern "C" __global__ void histogram(const unsigned char *data, int n, unsigned *bins)
{
    __shared__ unsigned local[NBINS];
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % NBINS], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        if (local[b])
            atomicAdd(&bins[b], local[b]);
}
