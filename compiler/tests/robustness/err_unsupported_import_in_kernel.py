from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    import math
    a[0] = math.pi
