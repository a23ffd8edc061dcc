"""Warp reductions with shfl_down_sync.  warp_sum: v is float64 (x[i] unified
with 0.0), lane 0 of each warp adds its warp's total to a float32 accumulator;
inputs are multiples of 1/64 so all sums are exact in any order.  warp_max:
int32 max per warp then atomic max, with negatives."""
import numpy as np
from harness import Case

NO_SHFL = "Numba's simulator has no cuda.shfl_down_sync / cuda.activemask"


def sum_args(rng):
    return [(rng.integers(-1000, 1000, 200) / 64).astype(np.float32), np.array([1.0], np.float32)]


def max_args(rng):
    return [rng.integers(-2**31, 0, 256, dtype=np.int32), np.array([-2**31], np.int32)]


def max_args_pos(rng):
    x = rng.integers(-1000, 1000, 128, dtype=np.int32)
    x[77] = 2**31 - 1
    return [x, np.array([5], np.int32)]


CASES = [
    # 200 elements on 256 threads: the last warps read the 0.0 padding
    Case("11_warp_reduce_shfl.py", "warp_sum", grid=(2,), block=(128,), args=sum_args,
         expect=lambda a: {1: np.array([1.0 + a[0].astype(np.float64).sum()], np.float32)}, numba_skip=NO_SHFL),
    Case("11_warp_reduce_shfl.py", "warp_max", grid=(4,), block=(64,), args=max_args,
         expect=lambda a: {1: np.array([a[0].max()], np.int32)}, numba_skip=NO_SHFL),
    Case("11_warp_reduce_shfl.py", "warp_max", grid=(1,), block=(128,), args=max_args_pos,
         expect=lambda a: {1: np.array([2**31 - 1], np.int32)}, name="int32_max", numba_skip=NO_SHFL),
]
