# Device functions with explicit signatures (typed once, arguments converted).
import math

from numba import cuda


@cuda.jit("float32(float32, float32)", device=True)
def smoothstep(edge, x):
    t = min(max(x / edge, float(0)), float(1))
    return t * t * (3 - 2 * t)


@cuda.jit("float64(float64[::1], int64)", device=True)
def window_mean(a, center):
    total = 0.0
    count = 0
    for k in range(center - 2, center + 3):
        if 0 <= k < a.size:
            total += a[k]
            count += 1
    return total / count


@cuda.jit("f4(f4)", device=True)
def sigmoid(x):
    return 1 / (1 + math.exp(-x))


@cuda.jit("void(float32[::1], float64[::1])")
def apply_device_sigs(x, y):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = smoothstep(2.0, x[i]) + sigmoid(x[i])
    if i < y.size:
        y[i] = window_mean(y, i)
