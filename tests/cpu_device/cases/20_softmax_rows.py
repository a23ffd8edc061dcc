"""Row-wise softmax (float32 in/out, but m, e, total and inv are float64) and
float64 log-sum-exp, one thread per row, 70 rows on 3 blocks of 32.
Tolerances cover exp/log rounding (f64 libm ~1 ulp)."""
import numpy as np
from harness import Case


def soft_expect(a):
    x = a[0].astype(np.float64)
    m = x.max(axis=1, keepdims=True)
    e = np.exp(x - m)
    total = np.zeros((x.shape[0], 1))
    for j in range(x.shape[1]):        # sequential float64 sum, like the kernel
        total = total + e[:, j:j + 1]
    inv = 1.0 / total
    return {1: (e.astype(np.float32).astype(np.float64) * inv).astype(np.float32)}


def lse_expect(a):
    x = a[0]
    m = x.max(axis=1)
    return {1: m + np.log(np.exp(x - m[:, None]).sum(axis=1))}


CASES = [
    # multiples of 1/64 in [-8, 8): x - m is exact in float32 too, so the simulator agrees
    Case("20_softmax_rows.py", "softmax_rows", grid=(3,), block=(32,),
         args=lambda rng: [(rng.integers(-512, 512, (70, 13)) / 64).astype(np.float32),
                           np.zeros((70, 13), np.float32)],
         expect=soft_expect, rtol=3e-7, name="dyadic"),
    Case("20_softmax_rows.py", "softmax_rows", grid=(3,), block=(32,),
         args=lambda rng: [(rng.standard_normal((70, 13)) * 5).astype(np.float32), np.zeros((70, 13), np.float32)],
         expect=soft_expect, rtol=3e-7,
         numba_skip="the simulator computes x - m in float32 (np.float32 minus Python float, NumPy 2 NEP 50), "
                    "~5e-7 off; Numba types it float64"),
    Case("20_softmax_rows.py", "log_sum_exp", grid=(3,), block=(32,),
         args=lambda rng: [rng.standard_normal((70, 9)) * 20, np.full(70, np.nan)],
         expect=lse_expect, rtol=1e-14),
]
