# isnan / isinf / isfinite, and math.inf / math.nan constants.
import math

from numba import cuda


@cuda.jit("void(float32[::1], int32[::1])")
def sanitize(x, bad):
    i = cuda.grid(1)
    if i >= x.size:
        return
    v = x[i]
    is_nan = math.isnan(v)
    is_inf = math.isinf(v)
    fin = math.isfinite(v)
    if is_nan:
        x[i] = 0.0
        cuda.atomic.add(bad, 0, 1)
    elif is_inf:
        x[i] = 3.4e38 if v > 0 else -3.4e38
        cuda.atomic.add(bad, 1, 1)
    elif not fin:
        cuda.atomic.add(bad, 2, 1)


@cuda.jit("void(float64[::1])")
def fill_special(x):
    i = cuda.grid(1)
    if i < x.size:
        if i % 3 == 0:
            x[i] = math.inf
        elif i % 3 == 1:
            x[i] = -math.inf
        else:
            x[i] = math.nan
        if math.isnan(x[i]) or math.isinf(x[i]):
            x[i] = math.e
