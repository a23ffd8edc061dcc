"""Shared-memory tree reductions.  block_sum: float32 tree per block, one
atomic add per block; the inputs are multiples of 1/64 so every partial sum is
exact and the atomic order cannot matter.  block_sum_shift: float64 input
reduced in a float32 buffer (tree order reproduced exactly), partial per block,
with blockDim 256 and with blockDim 64 (< TPB)."""
import numpy as np
from harness import Case


def tree(vals, bdim):
    """Reduce each block of `vals` (float32, padded) like the kernel's tree."""
    buf = vals.reshape(-1, bdim).copy()
    s = bdim // 2
    while s > 0:
        buf[:, :s] = buf[:, :s] + buf[:, s:2 * s]
        s //= 2
    return buf[:, 0]


def pad(x, n):
    out = np.zeros(n, np.float32)
    out[:x.size] = x
    return out


def sum_args(rng):
    x = (rng.integers(-512, 512, 1000) / 64).astype(np.float32)
    return [x, np.array([0.5], np.float32)]


def shift_args(n, nblocks):
    return lambda rng: [rng.standard_normal(n) * 100, np.full(nblocks, np.nan)]


CASES = [
    Case("10_block_reduce_sum.py", "block_sum", grid=(4,), block=(256,), args=sum_args,
         expect=lambda a: {1: np.array([0.5 + a[0].astype(np.float64).sum()], np.float32)}),
    Case("10_block_reduce_sum.py", "block_sum_shift", grid=(4,), block=(256,), args=shift_args(1000, 4),
         expect=lambda a: {1: tree(pad(a[0].astype(np.float32), 1024), 256).astype(np.float64)}),
    Case("10_block_reduce_sum.py", "block_sum_shift", grid=(5,), block=(64,), args=shift_args(300, 5),
         expect=lambda a: {1: tree(pad(a[0].astype(np.float32), 320), 64).astype(np.float64)},
         name="block64"),
]
