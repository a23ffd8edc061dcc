# bfloat16 (numba-cuda's __nv_bfloat16): arrays and scalars of it, its
# operators (bfloat16 with bfloat16 stays bfloat16, with float32 is
# float32, with a Python int or float is float64), the
# math functions numba-cuda overloads for it, and numba.cuda.bf16's
# functions.
import math
from numba import cuda
from numba.cuda import float32, int32
from numba.cuda.bf16 import bfloat16, hadd, hfma, hmax, hmin_nan, hneg, hisnan, hisinf, hle


@cuda.jit("void(bfloat16[::1], bfloat16[::1], bfloat16[::1])")
def bf16_axpy(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        a = bfloat16(2.5)
        out[i] = hfma(a, x[i], y[i]) + x[i] * y[i]


@cuda.jit("void(float32[::1], bfloat16, int32[::1])")
def bf16_mixed(out, b, flags):
    i = cuda.grid(1)
    if i < out.size:
        f = out[i]
        s = b + b                       # bfloat16
        w = b * f                       # float32
        d = b - 1                       # float64
        r = math.sqrt(s)                # bfloat16 (hsqrt)
        t = math.atan(s)                # float32 (no bfloat16 case)
        m = hmax(s, r)
        out[i] = float32(m) + w + float32(d) + t + float32(hmin_nan(s, hneg(r)))
        flags[i] = int32(hisnan(s)) + hisinf(r) + int32(hle(s, r)) + int32(b < f)


@cuda.jit("void(float64[::1], bfloat16[::1])")
def bf16_convert(x, out):
    i = cuda.grid(1)
    if i < x.size:
        b = bfloat16(x[i])
        c = hadd(b, bfloat16(1))
        out[i] = c if c > b else -c
