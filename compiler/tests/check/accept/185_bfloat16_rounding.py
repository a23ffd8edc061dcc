# bfloat16 rounding, bit for bit: float32 to bfloat16 in the four rounding
# modes, float64 and 64-bit integers to nearest (correctly rounded, not
# through a float32 rounded to nearest first), and hfma, +, * and / of
# bfloat16 rounded once (their bits written as int16).
from numba import cuda
from numba.cuda.bf16 import (
    bfloat16,
    bfloat16_as_int16,
    float32_to_bfloat16_rz,
    float32_to_bfloat16_rd,
    float32_to_bfloat16_ru,
    int64_to_bfloat16_rd,
    int32_to_bfloat16_ru,
    hfma,
)
from numba.cuda import int32


@cuda.jit("void(float32[::1], float64[::1], int64[::1], int16[:, ::1])")
def bf16_round(f, d, n, out):
    i = cuda.grid(1)
    if i < f.size:
        x = f[i]
        out[0, i] = bfloat16_as_int16(bfloat16(x))
        out[1, i] = bfloat16_as_int16(float32_to_bfloat16_rz(x))
        out[2, i] = bfloat16_as_int16(float32_to_bfloat16_rd(x))
        out[3, i] = bfloat16_as_int16(float32_to_bfloat16_ru(x))
        out[4, i] = bfloat16_as_int16(bfloat16(d[i]))
        out[5, i] = bfloat16_as_int16(bfloat16(n[i]))
        out[6, i] = bfloat16_as_int16(int64_to_bfloat16_rd(n[i]))
        out[7, i] = bfloat16_as_int16(int32_to_bfloat16_ru(int32(n[i])))
        a = bfloat16(d[i])
        b = bfloat16(n[i])
        c = bfloat16(x)
        out[8, i] = bfloat16_as_int16(hfma(a, b, c))
        out[9, i] = bfloat16_as_int16(a + c)
        out[10, i] = bfloat16_as_int16(a * c)
        out[11, i] = bfloat16_as_int16(c / a)
