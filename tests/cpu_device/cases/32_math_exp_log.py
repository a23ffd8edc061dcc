"""exp/log family.  exp_log32: v = |x| + 1e-3 is float64 (float literal), so
the math is float64 rounded to float32 on store.  exp_log32_locals: float32
math on float32 locals, summed in float32.  exp_log64: float64.  Tolerances:
~2 float32 ulps, a few float64 ulps."""
import numpy as np
from harness import Case


def e32_expect(a):
    v = np.abs(a[0]).astype(np.float64) + 1.0e-3
    cols = [np.sqrt(v), np.exp(v), np.expm1(v), np.log(v), np.log2(v), np.log10(v), np.log1p(v)]
    return {1: np.stack(cols, axis=1).astype(np.float32)}


def loc_expect(a):
    v = a[0].astype(np.float64)
    acc = np.zeros(v.size, np.float32)
    for fn in (np.sqrt, np.exp, np.expm1, np.log, np.log2, np.log10, np.log1p):
        acc = acc + fn(v).astype(np.float32)
    return {0: acc}


def e64_expect(a):
    v = a[0]
    return {0: np.sqrt(v) + np.exp(-v) + np.log(v) + np.log2(v) + np.log10(v) + np.log1p(v) + np.expm1(v)}


CASES = [
    Case("32_math_exp_log.py", "exp_log32", grid=(2,), block=(64,),
         args=lambda rng: [(rng.standard_normal(100) * 3).astype(np.float32), np.zeros((100, 7), np.float32)],
         expect=e32_expect, rtol=2.5e-7,
         numba_skip="the simulator computes |x| + 1e-3 in float32 (np.float32 + Python float, NumPy 2 "
                    "NEP 50), ~5e-7 off; Numba types v float64"),
    Case("32_math_exp_log.py", "exp_log32_locals", grid=(2,), block=(64,),
         args=lambda rng: [(rng.random(100) * 3 + 0.5).astype(np.float32)], expect=loc_expect, rtol=1e-6),
    Case("32_math_exp_log.py", "exp_log64", grid=(2,), block=(64,),
         args=lambda rng: [rng.random(100) * 5 + 0.1], expect=e64_expect, rtol=1e-14, atol=1e-14),
]
