# seed 331, features all, signature void(int16[::1], int32[::1], float64[::1], float64[:, ::1])
# The exact math functions numba-cuda maps to libdevice (ldexp, frexp, modf,
# remainder, nextafter) and exp2 of whole numbers, in float64 and float32,
# on every input edge (nan, inf, 1e30, zeros, int32 extremes).
import math

import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, o0):
    i = cuda.grid(1)
    x = a2[i]
    xs = np.float32(x)
    n = a0[i] % 64 - 32
    m, e = math.frexp(x)
    ms, es = math.frexp(xs)
    f, w = math.modf(x)
    fs, ws = math.modf(xs)
    o0[i, 0] = math.ldexp(x, n) + math.ldexp(xs, n)
    o0[i, 1] = m + e + ms + es + f + w + fs + ws
    o0[i, 2] = math.remainder(x, 0.75) + math.remainder(xs, np.float32(1.5)) + math.remainder(x, a2[(i + 3) % 64])
    o0[i, 3] = math.nextafter(x, 0.0) - math.nextafter(xs, np.float32(1e30)) + math.exp2(n) + math.exp2(np.float32(n))
