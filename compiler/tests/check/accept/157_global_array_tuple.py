# kernelc: --const A=float64[4]
# kernelc: --const B=float64[2,3]
# kernelc: --const C=int64[3]
# A module-level tuple of NumPy arrays of different types (numba-cuda's
# test_array_reductions: `cases = (np.float64([...]), np.float64([[...]]))`
# iterated with literal_unroll): a tuple of read-only constant arrays.
import numpy as np
from numba import cuda
from numba.cuda import literal_unroll

A = np.float64([1.0, 2.0, 3.0, 4.0])
B = np.float64([[0.5, 1.5, 2.5], [3.5, 4.5, 5.5]])
C = np.int64([7, -8, 9])
CASES = (A, B, C)
PAIR = (A, (C, 2))


@cuda.jit("void(float64[::1])")
def firsts(out):
    if cuda.grid(1) != 0:
        return
    k = 0
    for case in literal_unroll(CASES):
        out[k] = case.size
        out[k + 1] = case.shape[0]
        out[k + 2] = case.ndim
        k += 3
    out[k] = CASES[1][1, 2] + CASES[2][-1] + PAIR[1][0][0] * PAIR[1][1]


@cuda.jit("void(float64[::1])")
def sums(out):
    i = cuda.grid(1)
    if i < out.size:
        total = 0.0
        for case in literal_unroll(CASES):
            flat = case.reshape(case.size)
            total += flat[i % flat.size]
        out[i] = total
