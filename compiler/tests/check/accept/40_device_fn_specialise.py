# One device function specialised for several argument types.
from numba import cuda


@cuda.jit(device=True)
def lerp(a, b, t):
    return a + (b - a) * t


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit("void(float32[::1], float32[::1], float32)")
def lerp32(a, b, t):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = lerp(a[i], b[i], t)
        b[i] = square(a[i])


@cuda.jit("void(float64[::1], float64[::1], float64)")
def lerp64(a, b, t):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = lerp(a[i], b[i], t)


@cuda.jit("void(int32[::1], int64[::1])")
def squares_int(x, out):
    i = cuda.grid(1)
    if i < x.size:
        s32 = square(x[i])
        s64 = square(out[i])
        out[i] = s32 + s64
