# expect: error at line 8: assignment expressions (':=') are not supported in kernels
from numba import cuda


@cuda.jit("void(float32[::1])")
def square_pos(x):
    i = cuda.grid(1)
    if i < x.size and (v := x[i]) > 0:
        x[i] = v * v
