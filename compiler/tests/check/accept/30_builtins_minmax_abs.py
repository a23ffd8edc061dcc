# min / max / abs: same-type operands keep their type, mixed give float64.
from numba import cuda


@cuda.jit("void(int32[::1], float32[::1], int8[::1], float64[::1])")
def minmax(ia, fa, ba, out):
    i = cuda.grid(1)
    if i + 1 >= ia.size:
        return
    a = min(ia[i], ia[i + 1])        # int32
    b = max(ia[i], ia[i + 1], 0)     # int64 (literal 0 is int64)
    c = abs(ia[i])                   # int32
    d = min(fa[i], fa[i + 1])        # float32
    e = max(ia[i], fa[i])            # float64 (mixed)
    f = abs(fa[i])                   # float32
    g = abs(ba[i])                   # int8
    h = min(fa[i], 1.0)              # float64
    k = max(a, c)                    # int32
    out[i] = a + b + c + d + e + f + g + h + k


@cuda.jit("void(float64[::1], float64, float64)")
def clip(x, lo, hi):
    i = cuda.grid(1)
    if i < len(x):
        x[i] = min(max(x[i], lo), hi)
