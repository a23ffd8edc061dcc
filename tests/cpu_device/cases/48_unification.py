"""48: type unification.  unify accumulates float32 values into an int-started
(so float64) accumulator and joins int/float32/bool variables to float64/int64;
unify_ints negates negative int32 values in int32, as Numba does (so
-INT32_MIN stays INT32_MIN), then widens to int64.

The simulator runs Python on NumPy scalars, where `0 + np.float32` stays float32
(NEP 50) and `-np.int32(INT32_MIN)` wraps, so the cases it can check use values
whose sums are exact in float32; the "f64_accumulate" case pins Numba's
typing (float64) and is kernelc-only."""
import numpy as np
from harness import Case

N = 100


def unify_ref(x):
    xd = x.astype(np.float64)
    acc = 0.0
    for v in xd:  # sequential float64 sum, as the kernel's loop
        acc += v
    idx = np.arange(x.size, dtype=np.float64)
    y = np.where(xd > 0, xd, 1.0)
    z = np.where(np.arange(x.size) > 2, xd, idx)
    w = xd * 2
    flag = (z > 1.0).astype(np.float64)
    return (((acc + y) + z) + w) + flag


def abs_in_int32(a):
    """abs() of int32 values negated in int32 (INT32_MIN stays), as int64."""
    wide = a.astype(np.int64)
    return np.where(wide == np.iinfo(np.int32).min, wide, np.abs(wide))


def dyadic_args(rng):
    # multiples of 1/4 in [-8, 8]: every partial sum is exact in float32 too
    return [(rng.integers(-32, 33, N) / 4).astype(np.float32), np.zeros(N)]


def random_args(rng):
    return [rng.standard_normal(N).astype(np.float32) * 10, np.zeros(N)]


def ints_args(rng, edge=False):
    a = rng.integers(-10**9, 10**9, N).astype(np.int32)
    a[:3] = [0, -1, np.iinfo(np.int32).max]
    if edge:
        a[3] = np.iinfo(np.int32).min
    return [a, np.zeros(N, np.int64)]


CASES = [
    Case("48_unification.py", "unify", grid=(2,), block=(64,), args=dyadic_args,
         expect=lambda a: {1: unify_ref(a[0])}, name="dyadic"),
    Case("48_unification.py", "unify", grid=(2,), block=(64,), args=random_args,
         expect=lambda a: {1: unify_ref(a[0])}, name="f64_accumulate",
         numba_skip="simulator keeps `0 + float32` in float32 (NEP 50); Numba types acc as float64"),
    Case("48_unification.py", "unify_ints", grid=(4,), block=(32,), args=ints_args,
         expect=lambda a: {1: np.abs(a[0].astype(np.int64))}),
    Case("48_unification.py", "unify_ints", grid=(4,), block=(32,), args=lambda r: ints_args(r, True),
         expect=lambda a: {1: abs_in_int32(a[0])}, name="int32_min"),
]
