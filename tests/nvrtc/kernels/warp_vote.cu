// Warp votes: __ballot_sync, __any_sync, __all_sync, __popc/__ffs/__clz of the
// ballot, the lane's rank among the voting lanes, and a ballot inside a
// divergent branch with a partial member mask.
#define FULL 0xffffffffu
extern "C" __global__ void warp_vote(const int *in, unsigned *ballot, int *any_big, int *all_nonneg,
                                     int *popc, int *ffs, int *clz, int *rank, unsigned *low_ballot)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31;
    int v = in[g];
    unsigned b = __ballot_sync(FULL, v > 0);
    ballot[g] = b;
    any_big[g] = __any_sync(FULL, v > 90);
    all_nonneg[g] = __all_sync(FULL, v >= 0);
    popc[g] = __popc(b);
    ffs[g] = __ffs(b);
    clz[g] = __clz(b);
    unsigned lt = (1u << lane) - 1u;
    rank[g] = (v > 0) ? __popc(b & lt) : -1;
    unsigned lb = 0xdeadbeefu;
    if (lane < 20)
        lb = __ballot_sync(0x000fffffu, (v & 1) != 0);
    low_ballot[g] = lb;
}
