from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    x = 1.0
    a[0] = x[0]
