# expect: error at line 14: kernels can raise Python's built-in exceptions only
# expect: error at line 16: exception arguments must be constant strings, integers or booleans in kernels
# expect: error at line 18: a bare 'raise' needs an exception being handled, and kernels have no 'try'
# expect: error at line 20: 'raise ... from' is not supported in kernels
from numba import cuda

MyError = 3


@cuda.jit("void(float64[::1], int64)")
def k(out, n):
    i = cuda.grid(1)
    if i == 0:
        raise MyError("x")
    if i == 1:
        raise ValueError("bad", n)
    if i == 2:
        raise
    if i == 3:
        raise ValueError("x") from None
