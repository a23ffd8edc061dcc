# Comparisons (including chains), and/or/not with short-circuit,
# and conditional expressions.
from numba import cuda


@cuda.jit("void(float32[::1], int32[::1], boolean[::1])")
def classify(x, labels, flags):
    i = cuda.grid(1)
    n = x.size
    if not (0 <= i < n):
        return
    v = x[i]
    in_unit = 0.0 <= v <= 1.0
    outside = v < -1.0 or v > 1.0
    both = in_unit and not outside
    flags[i] = both or v == 0.5
    labels[i] = 1 if v > 0 else (-1 if v < 0 else 0)
    ne = v != v
    labels[i] += 10 if ne else 0
    # short-circuit protects the out-of-range read
    if i + 1 < n and x[i + 1] > v:
        labels[i] += 100
    if i > 0 and x[i - 1] >= v or i == 0:
        labels[i] += 1000


@cuda.jit("void(int64[::1], int64, int64)")
def clamp_chain(a, lo, hi):
    i = cuda.grid(1)
    if i < a.size:
        v = a[i]
        a[i] = lo if v < lo else hi if v > hi else v
        strictly_inside = lo < v < hi
        if strictly_inside:
            a[i] += 0
