# seed 331, features all, signature void(int16[::1], int32[::1], float64[::1], float64[:, ::1])
# round(x, ndigits) as numba-cuda computes it (cudaimpl.round_ndigits):
# x * 10**ndigits in float64 (a float32 x too), x itself when that
# overflows, llrint's saturating int64 in between (round(1e300, 2) is
# 9.2e16), half-to-even re-rounding of exact halves, and the power split
# as 10**(ndigits-22) * 1e22 above 22 digits.
import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, o0):
    i = cuda.grid(1)
    nd = np.int64(a0[i] % 40 - 8)                 # -8 .. 31
    x = a2[i] * 10.0 ** np.int64(a1[i] % 7 - 3)   # several magnitudes
    o0[i, 0] = round(x, nd)
    o0[i, 1] = round(np.float32(x), nd)
    o0[i, 2] = round(x * 1e290, np.int64(i % 30)) + round(np.float32(3.4028234663852886e38), np.int64(300 + i))
    o0[i, 3] = round(np.float32(0.3425), 3) + round(0.5 + i, 0) + round(-2.5, 0) + round(1e19, 0)
