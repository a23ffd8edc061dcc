from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    x = -9223372036854775807 - 1
    a[0] = x // -1 if a[1] > 100 else 0
