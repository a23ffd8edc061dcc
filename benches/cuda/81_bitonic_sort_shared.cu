// 81_bitonic_sort_shared.py: bitonic sort of one block's keys in shared memory.
#define N 256
extern "C" __global__ void bitonic_sort(int *keys)
{
    __shared__ int s[N];
    int t = threadIdx.x;
    long long base = (long long)blockIdx.x * N;
    s[t] = keys[base + t];
    __syncthreads();
    for (long long k = 2; k <= N; k <<= 1) {
        for (long long j = k / 2; j > 0; j >>= 1) {
            long long ixj = (long long)t ^ j;
            if (ixj > t) {
                bool ascending = ((t & k) == 0);
                int a = s[t];
                int b = s[ixj];
                if ((a > b) == ascending) {
                    s[t] = b;
                    s[ixj] = a;
                }
            }
            __syncthreads();
        }
    }
    keys[base + t] = s[t];
}
