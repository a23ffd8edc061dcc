// 87_radix_digit_count.py: radix-sort digit histogram on uint32 keys.
#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)
#define DIGIT_MASK (RADIX - 1)
extern "C" __global__ void digit_histogram(const unsigned *keys, long long n, int shift, unsigned *counts)
{
    __shared__ unsigned local[RADIX];
    int t = threadIdx.x;
    if (t < RADIX)
        local[t] = 0;
    __syncthreads();
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long digit = ((long long)keys[i] >> shift) & DIGIT_MASK;
        atomicAdd(&local[digit], 1u);
    }
    __syncthreads();
    if (t < RADIX)
        atomicAdd(&counts[t], local[t]);
}
