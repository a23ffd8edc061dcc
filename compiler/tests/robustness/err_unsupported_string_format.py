from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    s = f'{a[0]}'
