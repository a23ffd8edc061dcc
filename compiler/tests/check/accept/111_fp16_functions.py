# cuda.fp16's functions on float16 values: arithmetic, fused multiply-add,
# comparisons, max/min and math, each rounded to float16.
from numba import cuda
import numpy as np


@cuda.jit("void(float16[::1], float16[::1], float16[:, ::1], boolean[:, ::1])")
def halves(a, b, out, flags):
    i = cuda.grid(1)
    if i < a.size:
        x, y = a[i], b[i]
        out[i, 0] = cuda.fp16.hadd(x, y)
        out[i, 1] = cuda.fp16.hsub(x, y)
        out[i, 2] = cuda.fp16.hmul(x, y)
        out[i, 3] = cuda.fp16.hdiv(x, y)
        out[i, 4] = cuda.fp16.hfma(x, y, x)
        out[i, 5] = cuda.fp16.hneg(x)
        out[i, 6] = cuda.fp16.habs(y)
        out[i, 7] = cuda.fp16.hmax(x, y)
        out[i, 8] = cuda.fp16.hmin(x, y)
        out[i, 9] = cuda.fp16.hsqrt(cuda.fp16.habs(x))
        out[i, 10] = cuda.fp16.hfloor(x)
        out[i, 11] = cuda.fp16.hceil(y)
        out[i, 12] = cuda.fp16.htrunc(x)
        out[i, 13] = cuda.fp16.hrint(y)
        flags[i, 0] = cuda.fp16.heq(x, y)
        flags[i, 1] = cuda.fp16.hne(x, y)
        flags[i, 2] = cuda.fp16.hgt(x, y)
        flags[i, 3] = cuda.fp16.hge(x, y)
        flags[i, 4] = cuda.fp16.hlt(x, y)
        flags[i, 5] = cuda.fp16.hle(x, y)


@cuda.jit("void(int32[::1], float32[::1], int64[::1], float32[::1])")
def selects(n, x, iout, fout):
    # cuda.selp: both values evaluated, one picked by the predicate.
    i = cuda.grid(1)
    if i < n.size:
        iout[i] = cuda.selp(n[i] > 0, i, -i)
        fout[i] = cuda.selp(x[i] < 0, -x[i], x[i])
