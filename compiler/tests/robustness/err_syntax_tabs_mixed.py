from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    if a[0] > 1:
	a[0] = 1.0
