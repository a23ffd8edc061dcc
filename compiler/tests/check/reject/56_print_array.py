# expect: error at line 8: print() accepts string literals and scalars, not array(float64, 1d, C)
from numba import cuda


@cuda.jit("void(float64[::1])")
def dump(x):
    if cuda.grid(1) == 0:
        print("x =", x)
