# expect: error at line 21: 'f' got an unexpected keyword argument 'w'
# expect: error at line 22: 'f' got multiple values for argument 'x'
# expect: error at line 23: 'f' is missing 1 required argument: 'x'
# expect: error at line 15: the default value of 'n' must be a constant
# expect: error at line 25: 'is' compares with None or two booleans only in kernels
from numba import cuda


@cuda.jit(device=True)
def f(x, y=2):
    return x + y


@cuda.jit(device=True)
def g(a, n=len):
    return a


@cuda.jit("void(float64[::1], int64)")
def k2(out, m):
    out[0] = f(1.0, w=2)
    out[1] = f(1.0, x=2)
    out[2] = f(y=1)
    out[3] = g(1.0)
    out[4] = m is 3
