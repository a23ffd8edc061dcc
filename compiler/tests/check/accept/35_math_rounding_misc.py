# pow fabs floor ceil trunc copysign fmod hypot.
import math

from numba import cuda


@cuda.jit("void(float32[::1], float64[::1], float32[:, ::1])")
def misc_math(f, d, out):
    i = cuda.grid(1)
    if i >= f.size:
        return
    x = f[i]
    y = d[i]
    p32 = math.pow(x, x)           # float32
    p64 = math.pow(y, 2.0)         # float64
    fa = math.fabs(x)              # float32
    fl = math.floor(x)             # float32
    ce = math.ceil(x)              # float32
    tr = math.trunc(x)             # float32
    cs = math.copysign(x, f[0])    # float32
    fm = math.fmod(x, 3.0)         # float64 (float literal)
    hy = math.hypot(x, f[0])       # float32
    fl64 = math.floor(y)           # float64
    ce64 = math.ceil(y)
    tr64 = math.trunc(y)
    out[i, 0] = p32 + fa + fl + ce + tr + cs + hy
    out[i, 1] = p64 + fm + fl64 + ce64 + tr64 + math.fabs(y) + math.copysign(1.0, y) + math.hypot(y, y) + math.fmod(y, y)


@cuda.jit("void(float64[::1], int64[::1])")
def quantise(x, q):
    i = cuda.grid(1)
    if i < x.size:
        step = 0.25
        q[i] = int(math.floor(x[i] / step + 0.5))
        x[i] = math.fmod(x[i], step)
