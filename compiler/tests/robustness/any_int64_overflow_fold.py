from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[0] = 9223372036854775807 + 1
