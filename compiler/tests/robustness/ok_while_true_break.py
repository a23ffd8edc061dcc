from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    while True:
        a[0] += 1.0
        if a[0] > 10:
            break
