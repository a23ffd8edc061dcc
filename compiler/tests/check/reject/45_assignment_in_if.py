# expect: error at line 8: syntax error: invalid syntax ('=' in a condition; did you mean '=='?)
from numba import cuda


@cuda.jit("void(int32[::1])")
def mark_first(a):
    i = cuda.grid(1)
    if i = 0:
        a[0] = 1
