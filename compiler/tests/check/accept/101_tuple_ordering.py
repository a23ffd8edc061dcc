# Ordering comparisons of tuples: lexicographic, the first differing item
# decides and then the lengths; mixed item types, nested tuples, NaN.
from numba import cuda
import math


@cuda.jit("void(int64[::1], float64[::1], boolean[:, ::1])")
def order(a, x, out):
    i = cuda.grid(1)
    if i < a.size:
        p = (a[i], x[i])
        q = (1, 0.5)
        out[i, 0] = p < q
        out[i, 1] = p <= q
        out[i, 2] = p > q
        out[i, 3] = p >= q
        out[i, 4] = (a[i],) < (a[i], 0)
        out[i, 5] = (a[i], (x[i], 2)) >= (1, (0.5, 3))
        out[i, 6] = (x[i], 1) < (math.nan, 2)
        out[i, 7] = () < (a[i],)
