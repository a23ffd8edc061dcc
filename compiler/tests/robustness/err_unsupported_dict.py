from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    d = {1: 2}
    a[0] = d[1]
