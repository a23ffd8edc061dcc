"""128: intrinsics as values (operator, math, NumPy and builtin functions,
cuda.atomic.add/max/min passed to device functions, with a dtype as a
cast); against NumPy."""
import numpy as np
from harness import Case

SRC = "128_intrinsic_values.py"
N = 64
NB = 8


def args(rng):
    a = rng.uniform(-2, 2, N)
    b = rng.uniform(-2, 2, N)
    return [a, b, np.zeros((N, 9)), np.zeros(NB, np.uint32), np.repeat(np.array([-1000, 1000], np.int32), NB)]


def expect(args):
    x, y = args[0], args[1]
    out = np.zeros((N, 9))
    out[:, 0] = x + y
    out[:, 1] = x / 4.0
    out[:, 2] = (x - y) + x**2
    out[:, 3] = np.sin(x) + np.sin(y)
    out[:, 4] = np.cos(x) + np.abs(y)
    out[:, 5] = np.exp(x * 0.25)
    out[:, 6] = (x + y) * (x * 2.0) + np.fmax(x, y)
    out[:, 7] = np.minimum(x, y) + np.maximum(x, y) + np.floor_divide(x, 0.5)
    out[:, 8] = np.where(x < y, -x, np.mod(y, 1.5))
    bucket = (np.abs(x) * 4).astype(np.int32).astype(np.int64) % NB
    counts = np.bincount(bucket, minlength=NB).astype(np.uint32)
    v = (y * 100).astype(np.int32)
    peaks = np.repeat(np.array([-1000, 1000], np.int32), NB)
    for k, val in zip(bucket, v):
        peaks[k] = max(peaks[k], val)
        peaks[NB + k] = min(peaks[NB + k], val)
    return {2: out, 3: counts, 4: peaks}


CASES = [
    Case(SRC, "intrinsic_values", grid=(2,), block=(32,), args=args, expect=expect,
         rtol=1e-14, atol=1e-15),
]
