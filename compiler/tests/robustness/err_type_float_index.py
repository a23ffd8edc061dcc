from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[1.5] = 1.0
