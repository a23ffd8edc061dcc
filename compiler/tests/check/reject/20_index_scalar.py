# expect: error at line 8: cannot index an int32 value
from numba import cuda


@cuda.jit("void(float32[::1], int32)")
def first_n(x, n):
    i = cuda.grid(1)
    if i < n[0]:
        x[i] = 0.0
