# expect: error at line 5: unknown option 'fast_math' for cuda.jit (did you mean 'fastmath'?)
from numba import cuda


@cuda.jit("void(float32[::1])", fast_math=True)
def halve(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= 0.5
