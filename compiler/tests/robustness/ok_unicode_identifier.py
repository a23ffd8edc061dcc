from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    π = 3.14
    a[0] = π
