// Single-pass sum with __threadfence and a ticket counter (atomicInc): every
// block writes its partial sum, fences, takes a ticket; the last block to
// finish sums the partials (read through volatile) and resets the counter.
#define BLOCK 128
__device__ unsigned int blocks_done = 0;

extern "C" __global__ void sum_threadfence(const int *in, int n, volatile int *partial, int *result)
{
    __shared__ int s[BLOCK];
    __shared__ bool is_last;
    int t = threadIdx.x;
    int acc = 0;
    for (int i = blockIdx.x * BLOCK + t; i < n; i += BLOCK * gridDim.x)
        acc += in[i];
    s[t] = acc;
    __syncthreads();
    for (int st = BLOCK / 2; st > 0; st >>= 1) {
        if (t < st)
            s[t] += s[t + st];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(&blocks_done, gridDim.x);
        is_last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (is_last) {
        int v = 0;
        for (int b = t; b < gridDim.x; b += BLOCK)
            v += partial[b];
        s[t] = v;
        __syncthreads();
        for (int st = BLOCK / 2; st > 0; st >>= 1) {
            if (t < st)
                s[t] += s[t + st];
            __syncthreads();
        }
        if (t == 0) {
            result[0] = s[0];
            blocks_done = 0;
        }
    }
}
