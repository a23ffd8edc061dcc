# expect: error at line 5: a kernel signature must return void, not float32
from numba import cuda


@cuda.jit("float32(float32[::1])")
def first(x):
    x[0] = 1.0
