# Rotates 2-d points by a per-point angle (float32 sin and cos).
import math

from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[::1], float32[:, ::1])")
def rotate_points(p, theta, out):
    i = cuda.grid(1)
    if i < p.shape[0]:
        c = math.cos(theta[i])
        s = math.sin(theta[i])
        out[i, 0] = c * p[i, 0] - s * p[i, 1]
        out[i, 1] = s * p[i, 0] + c * p[i, 1]
