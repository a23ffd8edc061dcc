# expect: error at line 8: print() in a kernel supports strings, numbers, booleans, tuples of them
from numba import cuda


@cuda.jit("void(float64[::1])")
def dump(x):
    if cuda.grid(1) == 0:
        print("x =", x)
