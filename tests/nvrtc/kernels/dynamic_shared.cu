// extern __shared__ dynamic shared memory, carved into two typed arrays:
// a float reversal of the block's slice and a double-buffered Hillis-Steele
// inclusive scan of ints.  Dynamic size = blockDim.x * (4 + 2 * 4) bytes.
extern "C" __global__ void reverse_and_scan(const float *fin, float *fout, const int *iin, int *iout)
{
    extern __shared__ unsigned char smem[];
    float *fs = (float *)smem;
    int *buf = (int *)&fs[blockDim.x];
    unsigned t = threadIdx.x, nb = blockDim.x;
    unsigned g = blockIdx.x * nb + t;
    fs[t] = fin[g];
    buf[t] = iin[g];
    __syncthreads();
    fout[g] = fs[nb - 1 - t];
    int src = 0;
    for (unsigned off = 1; off < nb; off <<= 1) {
        int v = buf[src * nb + t];
        if (t >= off)
            v += buf[src * nb + t - off];
        buf[(1 - src) * nb + t] = v;
        src = 1 - src;
        __syncthreads();
    }
    iout[g] = buf[src * nb + t];
}
