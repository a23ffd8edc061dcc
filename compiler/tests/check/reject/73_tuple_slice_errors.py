# expect: error at line 10: a tuple slice needs constant integer bounds
# expect: error at line 11: slice step cannot be zero
from numba import cuda


@cuda.jit("void(int64[::1], int64)")
def k(out, n):
    t = (1, 2, 3)
    out[0] = t[0]
    u = t[:n]
    v = t[::0]
    out[1] = len(u) + len(v)
