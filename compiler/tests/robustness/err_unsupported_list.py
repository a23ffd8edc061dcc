from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    l = [1.0, 2.0]
    a[0] = l[0]
