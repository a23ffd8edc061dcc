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
