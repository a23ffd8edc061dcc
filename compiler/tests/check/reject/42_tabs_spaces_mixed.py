# expect: error at line 9: inconsistent use of tabs and spaces in indentation
from numba import cuda


@cuda.jit("void(float32[::1])")
def halve(x):
    i = cuda.grid(1)
    if i < x.size:
	x[i] = x[i] / 2
        x[i] += 1.0
