# Mixed int/float promotion (NumPy rules) and float32 preservation.
from numba import cuda


@cuda.jit("void(float32[::1], float64[::1], int8[::1], uint8[::1], int16[::1], uint16[::1], int32[::1], int64[::1])")
def promote_float(f32, f64, i8, u8, i16, u16, i32, i64):
    # (float32 with uint16 is in 91_spec_vs_numba_typing.py: Numba and the spec differ)
    t = cuda.grid(1)
    if t != 0:
        return
    a = f32[0] + i8[0]      # float32
    b = f32[0] + u8[0]      # float32
    c = f32[0] * i16[0]     # float32
    d = f32[0] - i16[1]     # float32
    e = f32[0] + i32[0]     # float64
    f = f32[0] + i64[0]     # float64
    g = f32[0] + 1          # float64 (int literal is int64)
    h = f32[0] * f32[1]     # float32
    k = f32[0] + f64[0]     # float64
    l = f32[0] * 2.0        # float64 (float literal is float64)
    m = f32[0] / f32[1]     # float32
    n = i32[0] / 2          # float64
    o = 7 / 2               # float64
    p = f64[0] + i64[0]     # float64
    f32[2] = a + b + c + d + h + m
    f64[2] = e + f + g + k + l + n + o + p
