# float32 activations: tanh, sinh, cosh, expm1, log1p, erf, erfc stay float32.
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[::1], float32[::1], float32[::1], float32[:, ::1])")
def activations(x, th, sh, ch, em, lp, er):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        th[i] = math.tanh(v)
        sh[i] = math.sinh(v)
        ch[i] = math.cosh(v)
        em[i] = math.expm1(v)
        lp[i] = math.log1p(v)
        er[i, 0] = math.erf(v)
        er[i, 1] = math.erfc(v)
