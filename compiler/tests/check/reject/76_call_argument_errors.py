# expect: error at line 27: 'f' got an unexpected keyword argument 'w'
# expect: error at line 28: 'f' got multiple values for argument 'x'
# expect: error at line 29: 'f' is missing 1 required argument: 'x'
# expect: error at line 16: the default value of 'n' must be a constant
# expect: error at line 31: 'is' compares with None or two booleans only in kernels
# expect: error at line 21: kernel parameters cannot have default values
from numba import cuda


@cuda.jit(device=True)
def f(x, y=2):
    return x + y


@cuda.jit(device=True)
def g(a, n=len):
    return a


@cuda.jit("void(float64[::1], int64)")
def k(out, m=3):
    pass


@cuda.jit("void(float64[::1], int64)")
def k2(out, m):
    out[0] = f(1.0, w=2)
    out[1] = f(1.0, x=2)
    out[2] = f(y=1)
    out[3] = g(1.0)
    out[4] = m is 3
