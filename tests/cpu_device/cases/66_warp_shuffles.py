"""66: warp shuffles.  warp_inclusive_scan: per-warp inclusive prefix sums
with shfl_up (int64 arithmetic, wrapped on the int32 store);
warp_allreduce: xor-butterfly sum of each warp (the reference repeats the
butterfly's pairwise order, so it is exact), broadcast from lane 0;
broadcast_lane: every lane reads x from lane (i of lane 3) % 7 of its warp.
None of them guards i, so arrays cover the whole grid (whole warps).

The skipped cases were checked once against Numba's simulator patched with
warp intrinsics built on a block barrier (a throwaway script, not in the repo)."""
import numpy as np
from harness import Case

SKIP = "Numba's simulator has no warp shuffle intrinsics (shfl_*_sync)"


def scan_args(rng):
    x = rng.integers(-1000, 1000, 256).astype(np.int32)
    x[32:64] = 2**31 - 1  # the int32 stores wrap
    return [x, np.zeros(256, np.int32)]


def scan_expect(a):
    s = np.cumsum(a[0].astype(np.int64).reshape(-1, 32), axis=1).reshape(-1)
    return {1: s.astype(np.int32)}


def allreduce_expect(a):
    w = a[0].reshape(-1, 32).copy()
    lanes = np.arange(32)
    m = 16
    while m > 0:
        w = w + w[:, lanes ^ m]
        m //= 2
    return {1: np.repeat(w[:, 0], 32)}


def bcast_expect(a):
    x = a[0].reshape(-1, 32)
    src = (np.arange(x.shape[0]) * 32 + 3) % 7
    return {0: np.repeat(x[np.arange(x.shape[0]), src], 32)}


CASES = [
    Case("66_warp_shuffles.py", "warp_inclusive_scan", grid=(2,), block=(128,), args=scan_args,
         expect=scan_expect, numba_skip=SKIP),
    Case("66_warp_shuffles.py", "warp_allreduce", grid=(3,), block=(64,),
         args=lambda rng: [rng.standard_normal(192) * 1e3, np.zeros(192)], expect=allreduce_expect, numba_skip=SKIP),
    Case("66_warp_shuffles.py", "broadcast_lane", grid=(2,), block=(128,),
         args=lambda rng: [rng.standard_normal(256).astype(np.float32)], expect=bcast_expect, numba_skip=SKIP),
]
