"""157: a module-level tuple of NumPy arrays (A: 4 floats, B: 2x3 floats,
C: 3 int64) iterated with literal_unroll.  firsts stores size, shape[0] and
ndim of each, then B[1, 2] + C[-1] + C[0] * 2; sums stores, per thread i,
the sum over the arrays of their flattened element i % size."""
import numpy as np
from harness import Case

A = np.float64([1.0, 2.0, 3.0, 4.0])
B = np.float64([[0.5, 1.5, 2.5], [3.5, 4.5, 5.5]])
C = np.int64([7, -8, 9])
CONSTS = {"A": A, "B": B, "C": C}


def firsts_expect(a):
    out = a[0].copy()
    k = 0
    for case in (A, B, C):
        out[k:k + 3] = [case.size, case.shape[0], case.ndim]
        k += 3
    out[k] = B[1, 2] + C[-1] + C[0] * 2
    return {0: out}


def sums_expect(a):
    i = np.arange(a[0].size)
    total = np.zeros(a[0].size)
    for case in (A, B, C):
        flat = case.reshape(case.size)
        total = total + flat[i % flat.size]
    return {0: total}


CASES = [
    Case("157_global_array_tuple.py", "firsts", grid=(1,), block=(32,), consts=CONSTS,
         args=lambda rng: [np.full(12, -1.0)], expect=firsts_expect,
         numba_skip="Numba's simulator has no numba.cuda.literal_unroll"),
    Case("157_global_array_tuple.py", "sums", grid=(2,), block=(32,), consts=CONSTS,
         args=lambda rng: [np.zeros(50)], expect=sums_expect,
         numba_skip="Numba's simulator has no numba.cuda.literal_unroll"),
]
