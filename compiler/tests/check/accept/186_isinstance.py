# isinstance(x, classinfo) of number types: a constant numba-cuda decides
# while typing (`int` is int64, `float` float64, as its as_numba_type
# takes them), a tuple of classes when any matches.
import numpy as np
from numba import cuda, float32, int32


@cuda.jit("void(float32[::1], int64, int32, bool_[::1])")
def kinds(x, n, m, out):
    out[0] = isinstance(x[0], float32)
    out[1] = isinstance(x[0], float)
    out[2] = isinstance(n, int)
    out[3] = isinstance(m, int)
    out[4] = isinstance(m, (float32, int32))
    out[5] = isinstance(n, np.int64)
    out[6] = isinstance(x, float)
    if isinstance(m, int32):
        out[7] = True
