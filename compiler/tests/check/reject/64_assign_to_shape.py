# expect: error at line 7: cannot assign to 'x.shape[0]' (array shapes are read-only)
from numba import cuda


@cuda.jit("void(float32[::1])")
def shrink(x):
    x.shape[0] = 4
