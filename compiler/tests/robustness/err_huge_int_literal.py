from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[0] = 123456789012345678901234567890123456789
