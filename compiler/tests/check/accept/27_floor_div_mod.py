# // and % with Python floor semantics on signed ints and floats.
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], int64[::1], int64[::1])")
def int_divmod(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        if y != 0:
            q[i] = x // y
            r[i] = x % y
        else:
            q[i] = 0
            r[i] = 0


@cuda.jit("void(float32[::1], float64[::1], float32[::1], float64[::1])")
def float_divmod(x, y, fq, fr):
    i = cuda.grid(1)
    if i < x.size:
        fq[i] = x[i] // 2.5
        fr[i] = y[i] % 1.5
        wrapped = x[i] % x[0]        # float32
        floored = y[i] // y[0]       # float64
        fr[i] += wrapped + floored
        neg = -7 // 2                # constant -4
        negmod = -7 % 3              # constant 2
        fq[i] += neg + negmod


@cuda.jit("void(int64[:, ::1])")
def wrap_coords(out):
    i, j = cuda.grid(2)
    n = out.shape[0]
    m = out.shape[1]
    if i < n and j < m:
        up = (i - 1) % n
        left = (j - 1 + m) % m
        out[i, j] = up * m + left
