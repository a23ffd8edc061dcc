# expect: error at line 9: array index must be an integer, not float64
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def downsample(x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i / 2]
