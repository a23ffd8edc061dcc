# Warp votes and masks: all_sync, any_sync, eq_sync, ballot_sync,
# activemask, lanemask_lt.
from numba import cuda


@cuda.jit("void(float32[::1], uint32[::1], int32[::1])")
def warp_votes(x, ballots, flags):
    i = cuda.grid(1)
    mask = cuda.activemask()
    v = x[i] if i < x.size else 0.0
    pos = v > 0
    everyone = cuda.all_sync(mask, pos)
    someone = cuda.any_sync(mask, pos)
    same = cuda.eq_sync(mask, cuda.laneid // 16)
    ballot = cuda.ballot_sync(mask, pos)
    # rank of this lane among the lanes with a positive value
    rank = cuda.popc(ballot & cuda.lanemask_lt())
    if cuda.laneid == 0:
        w = i // 32
        ballots[w] = ballot
        flags[w] = everyone + 2 * someone + 4 * same
    if pos and i < x.size:
        x[i] = rank
