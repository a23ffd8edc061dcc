from numba import cuda

@cuda.jit('void(float99[:])')
def k(a):
    a[0] = 1.0
