// Warp shuffles: __shfl_down_sync reduction (every lane's partial is kept, so
// the out-of-range "keep own value" rule is checked), __shfl_xor_sync butterfly
// max, __shfl_sync with arbitrary source lanes and with width 8,
// __shfl_up_sync inclusive scan, and shuffles of float and double.
#define FULL 0xffffffffu
extern "C" __global__ void warp_shuffle(const int *in, const double *din, int *down_sum, int *xor_max,
                                        int *gather, int *sub_bcast, int *scan, float *fdown,
                                        double *drev)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[g];

    int s = v;
    for (int o = 16; o > 0; o >>= 1)
        s += __shfl_down_sync(FULL, s, o);
    down_sum[g] = s;

    int m = v;
    for (int o = 1; o < 32; o <<= 1)
        m = max(m, __shfl_xor_sync(FULL, m, o));
    xor_max[g] = m;

    gather[g] = __shfl_sync(FULL, v, (lane * 7 + 3) & 31);
    sub_bcast[g] = __shfl_sync(FULL, v, 2, 8);

    int c = v;
    for (int o = 1; o < 32; o <<= 1) {
        int up = __shfl_up_sync(FULL, c, o);
        if (lane >= o)
            c += up;
    }
    scan[g] = c;

    float f = (float)v * 0.5f;
    fdown[g] = __shfl_down_sync(FULL, f, 5);
    drev[g] = __shfl_sync(FULL, din[g], 31 - lane);
}
