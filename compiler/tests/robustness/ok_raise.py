from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    raise ValueError('x')
