"""49: early returns and `pass`.  threshold zeroes x < t, keeps x == t and
subtracts t otherwise (float32); noop_for_tail writes a[i] = i under a guard
written as if/pass/else-return; empty_kernel does nothing."""
import numpy as np
from harness import Case

N = 777
T = np.float32(0.25)


def thr_args(rng):
    x = rng.standard_normal(N).astype(np.float32)
    x[:5] = [T, T, 0.0, -T, np.float32(0.2500001)]
    return [x, T]


def thr_expect(a):
    x, t = a
    return {0: np.where(x < t, np.float32(0), np.where(x == t, x, x - t)).astype(np.float32)}


def tail_args(rng):
    return [np.full(300, -7, np.int32)]


CASES = [
    Case("49_early_return_pass.py", "threshold", grid=(4,), block=(256,), args=thr_args, expect=thr_expect),
    Case("49_early_return_pass.py", "noop_for_tail", grid=(3,), block=(128,), args=tail_args,
         expect=lambda a: {0: np.arange(300, dtype=np.int32)}),
    Case("49_early_return_pass.py", "empty_kernel", grid=(2,), block=(32,), args=lambda rng: [],
         expect=lambda a: {}),
]
