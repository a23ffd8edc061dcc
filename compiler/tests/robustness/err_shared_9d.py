import numba
from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    s = cuda.shared.array((2, 2, 2, 2, 2, 2, 2, 2, 2), numba.float32)
    a[0] = s[0, 0, 0, 0, 0, 0, 0, 0, 0]
