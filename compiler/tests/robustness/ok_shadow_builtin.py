from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    range_ = 3
    a[0] = range_
