from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[0] = sum([x for x in range(3)])
