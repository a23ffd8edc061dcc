from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    global g
    g = 1
