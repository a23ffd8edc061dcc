from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[0] = 1.0 + \