from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    а = 1.0
    a[0] = а
