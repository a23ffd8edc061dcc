# expect: error at line 8: comparison gives an array, which has no truth value; compare elements instead
from numba import cuda


@cuda.jit("void(float32[::1])")
def clamp_negative(x):
    i = cuda.grid(1)
    if x > 0:
        x[i] = 0.0
