"""65: warp votes.  For each warp, lane 0 stores the ballot of x > 0 and
all + 2*any + 4*eq (eq_sync on laneid // 16 is false for a full warp); every
positive lane stores its rank among the positive lanes.  Warp 0 is all
positive, warp 1 has none, warp 6 is partial and warp 7 lies past the end.

The skipped cases were checked once against Numba's simulator patched with
warp intrinsics built on a block barrier (a throwaway script, not in the repo)."""
import numpy as np
from harness import Case

N = 200
W = 8


def args(rng):
    x = rng.standard_normal(N).astype(np.float32)
    x[0:32] = np.abs(x[0:32]) + 0.1
    x[32:64] = -np.abs(x[32:64])
    x[70] = 0.0
    return [x, np.zeros(W, np.uint32), np.full(W, -1, np.int32)]


def expect(a):
    x = a[0].copy()
    pos = np.zeros(W * 32, bool)
    pos[:N] = x > 0
    pos = pos.reshape(W, 32)
    ballots = (pos.astype(np.uint64) << np.arange(32, dtype=np.uint64)).sum(1).astype(np.uint32)
    flags = pos.all(1).astype(np.int32) + 2 * pos.any(1)
    rank = (np.cumsum(pos, axis=1) - pos).reshape(-1)[:N]
    p = pos.reshape(-1)[:N]
    x[p] = rank[p]
    return {0: x, 1: ballots, 2: flags.astype(np.int32)}


CASES = [
    Case("65_warp_vote.py", "warp_votes", grid=(4,), block=(64,), args=args, expect=expect,
         numba_skip="Numba's simulator has no warp vote intrinsics (activemask, all_sync, ballot_sync, ...)"),
]
