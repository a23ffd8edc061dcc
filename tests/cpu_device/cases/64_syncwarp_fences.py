"""64: syncwarp and memory fences.  publish writes data[i] = i and lane 0 of
every warp atomically bumps flag[0] (so it ends at the number of warps);
warp_shared_exchange adds 31 - lane to x[i] through a per-warp shared buffer
(one warp per block, so no two warps share the buffer).

The skipped cases were checked once against Numba's simulator patched with
warp intrinsics built on a block barrier (a throwaway script, not in the repo)."""
import numpy as np
from harness import Case

SKIP = "Numba's simulator has no cuda.syncwarp / cuda.activemask"


def exch_expect(a):
    x = a[0]
    return {0: x + (31 - np.arange(x.size) % 32).astype(np.float32)}


CASES = [
    Case("64_syncwarp_fences.py", "publish", grid=(3,), block=(96,),
         args=lambda rng: [np.full(288, -1, np.int32), np.array([5], np.int32)],
         expect=lambda a: {0: np.arange(288, dtype=np.int32), 1: np.array([5 + 9], np.int32)}, numba_skip=SKIP),
    Case("64_syncwarp_fences.py", "warp_shared_exchange", grid=(4,), block=(32,),
         args=lambda rng: [rng.standard_normal(100).astype(np.float32)], expect=exch_expect, numba_skip=SKIP),
]
