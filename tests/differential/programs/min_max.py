# seed 331, features all, signature void(int16[::1], int32[::1], float64[::1], float64[:, ::1])
# min and max as numba-cuda lowers them: two floats through libdevice's
# fmin/fmax (a NaN operand ignored); every other form (a float with an
# integer, three or more arguments, a tuple) by Python's algorithm, where a
# NaN first is the answer and a NaN later is never chosen.
import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, o0):
    i = cuda.grid(1)
    x = a2[i]           # nan at i = 18, inf at i = 12, 1e30, 0.0 and -0.0
    y = a2[(i + 1) % 64]
    n = a1[i]
    o0[i, 0] = min(x, y) + max(x, np.float32(y))
    o0[i, 1] = min(x, n) + max(n, x)
    o0[i, 2] = min(x, y, 2.5) + max(y, x, -2.5)
    o0[i, 3] = min((x, y)) - max((y, 0.5, x))
