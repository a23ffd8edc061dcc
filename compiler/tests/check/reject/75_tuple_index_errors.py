# expect: error at line 10: a tuple of items of different types (Tuple(int64, float64)) can only be indexed by a constant
# expect: error at line 11: a tuple index must be an integer, not float64
from numba import cuda


@cuda.jit("void(float64[::1], int64)")
def k(out, n):
    t = (1, 2.5)
    u = (1.0, 2.0)
    out[0] = t[n]
    out[1] = u[n * 0.5]
