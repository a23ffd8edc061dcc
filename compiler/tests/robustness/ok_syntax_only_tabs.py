from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
	a[0] = 1.0
	if a[1] > 0:
		a[1] = 2.0
