# Cartesian to polar and back through tan (float32 atan2, hypot, tan).
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[::1])")
def polar(x, y, angle, slope):
    i = cuda.grid(1)
    if i < x.shape[0]:
        a = math.atan2(y[i], x[i])
        angle[i] = a
        slope[i] = math.tan(a) * math.hypot(x[i], y[i])
