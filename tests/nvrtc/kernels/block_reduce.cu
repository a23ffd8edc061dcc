// Block reduction: grid-stride accumulation, static shared tree with __syncthreads,
// then the last warp on volatile shared memory with __syncwarp between steps.
#define BLOCK 256
extern "C" __global__ void block_sum(const int *in, int *partial, int n)
{
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int acc = 0;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x)
        acc += in[i];
    s[tid] = acc;
    __syncthreads();
    for (int stride = BLOCK / 2; stride >= 64; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid < 32) {
        volatile int *vs = s;
        int v = vs[tid] + vs[tid + 32];
        __syncwarp();
        vs[tid] = v;
        __syncwarp();
        for (int off = 16; off > 0; off >>= 1) {
            v = vs[tid] + vs[tid + off];
            __syncwarp();
            vs[tid] = v;
            __syncwarp();
        }
        if (tid == 0)
            partial[blockIdx.x] = vs[0];
    }
}
