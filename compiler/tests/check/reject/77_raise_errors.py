# expect: error at line 16: kernels can raise Python's built-in exceptions, and exception classes of the file
# expect: error at line 18: exception arguments must be constant strings, integers or booleans in kernels
# expect: error at line 20: a bare 'raise' needs an exception being handled, and kernels have no 'try'
# expect: error at line 22: 'raise ... from' is not supported in kernels
# expect: error at line 26: an exception class in a kernel file holds only `pass` or a docstring
# expect: error at line 35: 'GoodError' is an exception class, not a value
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


class BadError(Exception):
    limit = 1


class GoodError(ValueError):
    """Raised by kernels."""


@cuda.jit("void(int64)")
def k2(n):
    e = GoodError
