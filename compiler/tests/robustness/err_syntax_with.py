from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    with cuda.defer_cleanup():
        a[0] = 1.0
