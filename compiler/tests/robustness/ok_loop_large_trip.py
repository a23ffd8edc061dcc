from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    for i in range(1 << 40):
        if i > 3:
            break
        a[0] += 1.0
