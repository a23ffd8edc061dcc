# Trigonometric functions on float64 and float32.
import math

from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])")
def trig64(x, out):
    i = cuda.grid(1)
    if i < x.size:
        t = x[i]
        s = math.sin(t)
        c = math.cos(t)
        tn = math.tan(t)
        u = max(-1.0, min(1.0, s))
        out[i] = s + c + tn + math.asin(u) + math.acos(u) + math.atan(t) + math.atan2(s, c)


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def polar(xs, ys, angle):
    i = cuda.grid(1)
    if i < xs.size:
        a = math.atan2(ys[i], xs[i])
        ca = math.cos(a)
        sa = math.sin(a)
        angle[i] = a + math.asin(sa * 0.5) * 0 + math.acos(ca * 0.5) * 0 + math.atan(math.tan(a))


@cuda.jit("void(float32[:, ::1], float32)")
def rotate_points(pts, theta):
    i = cuda.grid(1)
    if i < pts.shape[0]:
        c = math.cos(theta)
        s = math.sin(theta)
        x = pts[i, 0]
        y = pts[i, 1]
        pts[i, 0] = c * x - s * y
        pts[i, 1] = s * x + c * y
