# expect: error at line 8: 'float32' takes 1 argument, 2 given
from numba import cuda, float32


@cuda.jit("void(float32[::1], int32[::1])")
def convert(out, a):
    i = cuda.grid(1)
    out[i] = float32(a[i], 2)
