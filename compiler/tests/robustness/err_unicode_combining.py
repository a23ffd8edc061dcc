from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    é = 2.0
    a[0] = é
