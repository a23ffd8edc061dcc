from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    f = lambda x: x
    a[0] = f(1.0)
