# math functions on integer arguments give float64; float32 stays float32.
import math

from numba import cuda


@cuda.jit("void(int32[::1], int64[::1], float32[::1], float64[::1])")
def int_math(i32, i64, f32, out):
    i = cuda.grid(1)
    if i >= i32.size:
        return
    a = math.floor(i32[i])      # float64
    b = math.ceil(i64[i])       # float64
    c = math.sqrt(i32[i])       # float64
    d = math.fabs(i32[i])       # float64
    e = math.floor(f32[i])      # float32
    f = math.floor(out[i])      # float64
    g = math.exp(i64[i] % 4)    # float64
    h = math.sin(3)             # float64
    k = math.isnan(i32[i])      # bool
    out[i] = a + b + c + d + e + f + g + h + (1.0 if k else 0.0)
