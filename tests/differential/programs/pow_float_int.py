# seed 331, features all, signature void(int16[::1], int32[::1], float64[::1], float64[:, ::1])
# Float ** integer as Numba computes it (int_power): repeated squaring in the
# base's precision, 1.0 / r for a negative exponent, pow() beyond 65536, and
# OverflowError (the thread ends) for the least int32 / int64 exponent.
import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, o0):
    i = cuda.grid(1)
    x = a2[i]
    xs = np.float32(x)
    n = a1[i]           # int32: every edge, int32's least value at i = 22
    m = a0[i]           # int16
    o0[i, 0] = xs ** (m & 15)
    o0[i, 1] = (x * 0.03125 + 1.0) ** (m % 40 - 20)
    o0[i, 2] = np.float32(1.0001) ** np.int64(n // 1024)
    o0[i, 3] = 1.0000001 ** np.uint64(i * 3001) + x ** 3 + xs ** -2 + np.float32(0.7) ** 9
    o0[i, 0] += 0.99 ** (n & 131071)
    if i % 2 == 1:
        o0[i, 1] += 1.5 ** n            # thread 22: OverflowError ends it
    if i == 23:
        o0[i, 2] = 2.0 ** np.int64(-9223372036854775807 - i % 2)
