// Device printf (vprintf): every 8th thread prints one line.
extern "C" __global__ void print_values(const int *iv, const float *fv, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && (i % 8) == 0) {
        long long big = (long long)iv[i] * 1000000007LL;
        printf("blk %d thr %u i=%d v=%d hex=%x big=%lld f=%.3f\n", blockIdx.x, threadIdx.x, i, iv[i],
               (unsigned)iv[i], big, fv[i]);
    }
}
