"""63: syncthreads_count/_and/_or.  block_vote writes each block's count of
positive in-range values and the and/or votes (0/1); block 1 is all positive,
block 2 has none and the last block is partial (its out-of-range threads vote
0).  block_vote_bool votes on a bool predicate; it reads x[i] unguarded, so
the array covers the whole grid."""
import numpy as np
from harness import Case

B = 64


def vote_args(rng):
    x = rng.standard_normal(300).astype(np.float32)
    x[64:128] = np.abs(x[64:128]) + 0.5
    x[128:192] = -np.abs(x[128:192])
    x[130] = 0.0
    x[256:300] = 1.0  # all in-range values of the partial last block are positive
    return [x, np.full(15, -1, np.int32)]


def vote_expect(a):
    x = a[0]
    pos = np.zeros(5 * B, np.int32)
    pos[:x.size] = x > 0
    pos = pos.reshape(5, B)
    out = np.stack([pos.sum(1), pos.all(1), pos.any(1)], axis=1).reshape(-1)
    return {1: out.astype(np.int32)}


def bool_args(rng):
    x = rng.standard_normal(4 * B).astype(np.float32)
    x[:B] = 1.0
    return [x, np.full(4, -1, np.int32)]


CASES = [
    Case("63_sync_predicates.py", "block_vote", grid=(5,), block=(B,), args=vote_args, expect=vote_expect),
    Case("63_sync_predicates.py", "block_vote_bool", grid=(4,), block=(B,), args=bool_args,
         expect=lambda a: {1: (a[0] > 0).reshape(4, B).sum(1).astype(np.int32)}),
]
