// Divergence inside a warp: even and odd lanes run different loops with
// different trip counts, nested branches, then a shuffle after reconvergence
// exchanges the results between lane pairs.
extern "C" __global__ void diverge_exchange(const int *in, int *out, int *partner)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[g];
    int r;
    if (lane & 1) {
        r = 0;
        for (int k = 0; k < (v & 15); ++k)
            r += k * v;
    } else {
        r = 1;
        int k = 0;
        while (k < (lane >> 1)) {
            r = r * 3 + v;
            if (r > 100000)
                r -= 99991;
            ++k;
        }
        if (v < 0)
            r = -r;
    }
    out[g] = r;
    partner[g] = __shfl_xor_sync(0xffffffffu, r, 1);
}
