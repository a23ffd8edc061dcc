# expect: error at line 9: operator '&' is not supported for float32 and int64
from numba import cuda


@cuda.jit("void(float32[::1], int32[::1])")
def low_bits(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] & 0xff
