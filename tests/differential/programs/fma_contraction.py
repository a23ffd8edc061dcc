# seed 331, features all, signature void(int16[::1], int32[::1], float64[::1], int8[:, ::1], float64[:, ::1], float64[:, ::1], int64[:, ::1])
# a * b + c rounded once where Numba's NVVM fuses it (its default -fma=1),
# and twice where it does not: an addition's product fused, the lower-ranked
# operand first (values loaded earlier); a subtraction only where LLVM reads
# it as an addition (x - C, x - y*C, x - (-y)*z); a negated product or
# addend never; a product with another use only when every use is an
# addition in its block; float32 products in float32 sums narrowed from
# float64; accumulations in loops. (Each product is written once: LLVM
# shares equal ones, and then which uses it fuses depends on the order its
# back end visits them, which kernelc does not model.)
import math
import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, m0, o0, xf, xi):
    i = cuda.grid(1)
    if i < a2.shape[0]:
        a = a2[i] * 0.3
        b = a2[(i + 1) % 64] + 0.7
        c = a2[(i + 5) % 64] * 1.1
        d = a2[(i + 9) % 64] - 0.2
        x = np.float32(a)
        y = np.float32(d)
        o0[i, 0] = c * d + a * b + (b * c - 2.5)
        o0[i, 1] = (d - c * 2.5) + (a * (-b) + c) * (c - (-a) * d)
        p = a * d
        o0[i, 2] = (p + c) * (p + b) - a * a * 0.5
        q = b * b
        xi[i, 0] = q > 1.0
        o0[i, 3] = q + a
        s = 0.0
        for k in range(5):
            s += a2[(i + k) % 64] * a2[(i + 2 * k) % 64]
        xf[i, 0] = s
        xf[i, 1] = np.float32(x * y + 1.0) + np.float32(x * x - 0.1)
        xf[i, 2] = c * (-2.5) + d
        t = c * c
        if a1[i] > 0:
            xf[i, 3] = 2.0
        xf[i, 4] = t + b
