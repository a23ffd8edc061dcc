from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    for i in range(0):
        a[0] = 1.0
    while False:
        a[1] = 1.0
