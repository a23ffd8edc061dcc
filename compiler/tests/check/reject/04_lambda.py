# expect: error at line 8: lambda expressions are not supported in kernels
from numba import cuda


@cuda.jit("void(float64[::1])")
def apply_square(x):
    i = cuda.grid(1)
    sq = lambda v: v * v
    if i < x.size:
        x[i] = sq(x[i])
