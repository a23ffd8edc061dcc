from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    if (x := a[0]) > 1:
        a[0] = x
