# expect: error at line 24: 'k' is a kernel; only device functions are values in kernels
# expect: error at line 28: a float64 value is not callable
# expect: error at line 29: cannot unify function(twice) and function(square) for 'f'
from numba import cuda


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit(device=True)
def twice(x):
    return 2 * x


@cuda.jit("void(float64[::1])")
def k(out):
    pass


@cuda.jit("void(float64[::1], int64)")
def k2(out, n):
    g = k
    f = square
    if n > 0:
        f = twice
    out[0] = out[1](2.0)
    out[2] = f(1.0)
