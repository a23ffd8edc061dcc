# float32 angles and lengths: atan, atan2, asin, acos, hypot, cbrt stay float32.
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[:, ::1])")
def angles(x, y, u, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        a = x[i]
        b = y[i]
        c = u[i]
        out[i, 0] = math.atan(a)
        out[i, 1] = math.atan2(b, a)
        out[i, 2] = math.asin(c)
        out[i, 3] = math.acos(c)
        out[i, 4] = math.hypot(a, b)
        out[i, 5] = cuda.cbrt(a)
