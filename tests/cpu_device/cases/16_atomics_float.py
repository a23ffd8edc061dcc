"""Float atomics add/sub/max/min.  Inputs are multiples of 1/64 so every sum
is exact in any order.  stats64: the old values of the add are the running
sums; the inputs are >= 0, so the smallest old value is the initial acc[0, 0]
whatever the order (min(acc[0, 2], old) is deterministic)."""
import numpy as np
from harness import Case


def args32(rng):
    x = (rng.integers(-4000, 4000, 700) / 64).astype(np.float32)
    return [x, np.array([1.0, -2.0, -1e30, 1e30, 42.0], np.float32)]


def expect32(a):
    x, acc = a[0].astype(np.float64), a[1].copy()
    acc[0] += x.sum()
    acc[1] -= x.sum()
    acc[2] = max(acc[2], x.max())
    acc[3] = min(acc[3], x.min())
    return {1: acc}


def args64(rng):
    x = rng.integers(0, 3000, 500) / 64
    acc = np.array([[3.0, -1.0, 100.0], [0.25, 9.0, 9.0]])
    return [x, acc]


def expect64(a):
    x, acc = a[0], a[1].copy()
    acc[0, 2] = min(acc[0, 2], acc[0, 0])
    acc[0, 0] += x.sum()
    acc[0, 1] = max(acc[0, 1], x.max())
    acc[1, 0] -= (x * x).sum()
    return {1: acc}


CASES = [
    Case("16_atomics_float.py", "stats32", grid=(3,), block=(256,), args=args32, expect=expect32),
    Case("16_atomics_float.py", "stats64", grid=(4,), block=(128,), args=args64, expect=expect64),
]


# NaN, as Numba's atomic.max/min treat it: a value replaces the stored one
# only when strictly greater/smaller, so NaN values are ignored and a
# stored NaN stays (the adds turn NaN, as any sum with a NaN does).
def args32_nan(stored_nan):
    def make(rng):
        x = (rng.integers(-4000, 4000, 700) / 64).astype(np.float32)
        x[::37] = np.nan
        acc = np.array([1.0, -2.0, -1e30, 1e30, 42.0], np.float32)
        if stored_nan:
            acc[2:4] = np.nan
        return [x, acc]
    return make


def expect32_nan(a):
    x, acc = a[0], a[1].copy()
    acc[0] += x.astype(np.float64).sum()
    acc[1] -= x.astype(np.float64).sum()
    for v in x:
        acc[2] = v if v > acc[2] else acc[2]
        acc[3] = v if v < acc[3] else acc[3]
    return {1: acc}


CASES += [
    Case("16_atomics_float.py", "stats32", grid=(3,), block=(256,), args=args32_nan(False),
         expect=expect32_nan, name="nan_values"),
    Case("16_atomics_float.py", "stats32", grid=(3,), block=(256,), args=args32_nan(True),
         expect=expect32_nan, name="nan_stored"),
]
