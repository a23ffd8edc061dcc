from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[0:2] = 1.0
