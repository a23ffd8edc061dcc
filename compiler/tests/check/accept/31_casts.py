# Builtin conversions and dtype constructors used as casts.
import numba
import numpy as np
from numba import cuda, float32, int32, uint8, int16, float64


@cuda.jit("void(float64[::1], int64[::1], float32[::1])")
def casts(x, ints, floats):
    i = cuda.grid(1)
    if i >= x.size:
        return
    v = x[i]
    as_int = int(v)                 # int64
    as_float = float(as_int)        # float64
    truth = bool(v)                 # bool
    rounded = round(v)              # int64
    f32 = float32(v)                # float32
    f32b = np.float32(as_int)       # float32
    i64 = numba.int64(v)            # int64
    i32 = int32(v)                  # int32
    small = np.int16(as_int)        # int16
    byte = uint8(as_int & 0xff)     # uint8
    h = int16(i32)                  # int16
    d = float64(f32)                # float64
    dd = numba.float64(i32)         # float64
    ints[i] = as_int + rounded + i64 + i32 + small + byte + h + (1 if truth else 0)
    floats[i] = f32 + f32b + float32(as_float + d + dd)
