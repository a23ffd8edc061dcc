# seed 331, features all, signature void(int16[::1], int32[::1], float64[::1], float64[:, ::1])
# Integer ** integer as Numba computes it: 0 ** negative is the least int64
# (no exception under Numba's numpy error model), other negative exponents
# give 0 or ±1, the result goes through float64, an exponent past 65536
# through pow(), and the least int64 exponent raises OverflowError.
import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, o0):
    i = cuda.grid(1)
    b = np.int64(i % 5 - 2)             # -2 .. 2
    e = np.int64(a0[i])                 # int16 edges, negative ones included
    o0[i, 0] = b ** e
    o0[i, 1] = (b + 3) ** np.int64(i) + np.int64(7) ** 2 + b ** 3
    o0[i, 2] = b ** np.int64(65537 + i) + np.uint64(i % 3) ** np.uint64(70000 + i)
    o0[i, 3] = 1.0
    if i == 5:
        o0[i, 3] = b ** np.int64(-9223372036854775807 - 1 + i % 2 - 1)
