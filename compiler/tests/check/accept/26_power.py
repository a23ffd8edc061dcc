# The ** operator with integer and float exponents.
import math

from numba import cuda


@cuda.jit("void(float32[::1], float64[::1], int32[::1], int64[::1])")
def powers(f, d, i, out):
    t = cuda.grid(1)
    if t != 0:
        return
    sq32 = f[0] ** 2          # float32 (int literal exponent)
    rt32 = f[0] ** 0.5        # float64 (float literal exponent)
    ff = f[0] ** f[1]         # float32
    dd = d[0] ** 3            # float64
    di = d[0] ** i[0]         # float64
    ii = i[0] ** 2            # int64
    iv = i[0] ** i[1]         # int64
    big = 2 ** 10             # constant 1024
    neg = 2.0 ** -1           # float64
    out[0] = ii + iv + big
    d[1] = sq32 + rt32 + ff + dd + di + neg
    f[2] = math.pow(f[0], f[1])


@cuda.jit("void(float64[::1], int32)")
def polynomial(x, degree):
    k = cuda.grid(1)
    if k < x.size:
        acc = 0.0
        for p in range(degree + 1):
            acc += (p + 1) * x[k] ** p
        x[k] = acc
