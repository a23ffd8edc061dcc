# expect: error at line 11: module 'math' has no function 'sqr'
import math

from numba import cuda


@cuda.jit("void(float64[::1])")
def norms(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = math.sqr(x[i])
