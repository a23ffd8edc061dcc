# expect: error at line 9: recursive call to 'factorial' is not supported
from numba import cuda


@cuda.jit(device=True)
def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


@cuda.jit("void(int64[::1])")
def factorials(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = factorial(i)
