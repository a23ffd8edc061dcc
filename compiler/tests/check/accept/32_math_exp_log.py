# math exponentials and logarithms on float32 (results stay float32).
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[:, ::1])")
def exp_log32(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    v = abs(x[i]) + 1.0e-3
    out[i, 0] = math.sqrt(v)
    out[i, 1] = math.exp(v)
    out[i, 2] = math.expm1(v)
    out[i, 3] = math.log(v)
    out[i, 4] = math.log2(v)
    out[i, 5] = math.log10(v)
    out[i, 6] = math.log1p(v)


@cuda.jit("void(float32[::1])")
def exp_log32_locals(x):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        s = math.sqrt(v)
        e = math.exp(v)
        em = math.expm1(v)
        l = math.log(v)
        l2 = math.log2(v)
        l10 = math.log10(v)
        lp = math.log1p(v)
        x[i] = s + e + em + l + l2 + l10 + lp


@cuda.jit("void(float64[::1])")
def exp_log64(x):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        x[i] = math.sqrt(v) + math.exp(-v) + math.log(v) + math.log2(v) + math.log10(v) + math.log1p(v) + math.expm1(v)
