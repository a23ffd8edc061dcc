"""86: max-abs reduction: shfl_down max within each warp, shared memory across
the 8 warps of a 256-thread block, one float32 atomic max per block into
out[0] (max is exact, so the order does not matter).  N = 700 leaves a
partial last block (missing values count as 0).

The skipped cases were checked once against Numba's simulator patched with
warp intrinsics built on a block barrier (a throwaway script, not in the repo)."""
import numpy as np
from harness import Case

N = 700


def args(big_first):
    def make(rng):
        x = rng.standard_normal(N).astype(np.float32)
        x[650 if big_first else 10] = -37.5  # largest magnitude is negative
        return [x, np.array([0.25], np.float32)]
    return make


CASES = [
    Case("86_max_abs_reduction.py", "max_abs", grid=(3,), block=(256,), args=args(big), name=name,
         expect=lambda a: {1: np.array([max(0.25, np.abs(a[0]).max())], np.float32)},
         numba_skip="Numba's simulator has no warp shuffle intrinsics (shfl_down_sync)")
    for big, name in ((True, "last_block"), (False, "first_block"))
]
