# Floating-point atomics: add, sub, max, min on float32 and float64.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def stats32(x, acc):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        cuda.atomic.add(acc, 0, v)
        cuda.atomic.sub(acc, 1, v)
        cuda.atomic.max(acc, 2, v)
        cuda.atomic.min(acc, 3, v)


@cuda.jit("void(float64[::1], float64[:, ::1])")
def stats64(x, acc):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        old = cuda.atomic.add(acc, (0, 0), v)
        cuda.atomic.max(acc, (0, 1), v)
        cuda.atomic.min(acc, (0, 2), old)
        cuda.atomic.sub(acc, (1, 0), v * v)
