from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    x = a
    if a[0] > 0:
        x = 1.0
    a[0] = x
