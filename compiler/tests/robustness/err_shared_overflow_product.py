import numba
from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    s = cuda.shared.array((2**32, 2**32), numba.float32)
    a[0] = s[0, 0]
