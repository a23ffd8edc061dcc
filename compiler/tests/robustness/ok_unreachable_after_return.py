from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[0] = 1.0
    return
    a[1] = 2.0
