// 65_warp_vote.py: warp votes and masks.
__device__ __forceinline__ unsigned laneid()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    return r;
}
__device__ __forceinline__ unsigned lanemask_lt()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
    return r;
}
extern "C" __global__ void warp_votes(float *x, long long n, unsigned *ballots, int *flags)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned mask = __activemask();
    double v = i < n ? (double)x[i] : 0.0;
    bool pos = v > 0;
    int everyone = __all_sync(mask, pos);
    int someone = __any_sync(mask, pos);
    int same = __uni_sync(mask, laneid() / 16);
    unsigned ballot = __ballot_sync(mask, pos);
    int rank = __popc(ballot & lanemask_lt());
    if (laneid() == 0) {
        long long w = i / 32;
        ballots[w] = ballot;
        flags[w] = everyone + 2 * someone + 4 * same;
    }
    if (pos && i < n)
        x[i] = (float)rank;
}
