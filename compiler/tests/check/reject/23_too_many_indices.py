# expect: error at line 9: too many indices: 2 given for a 1-d array
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])")
def copy_pairs(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i, 0]
