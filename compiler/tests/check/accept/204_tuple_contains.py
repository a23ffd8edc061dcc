# `x in t` and `x not in t` of a tuple whose items have one type (Numba's
# UniTuple, a Sequence: numba-cuda's in_seq), each item compared with `==`
# and its own promotion: NaN is in nothing, `300 in (int8(44),)` is false,
# tuples of tuples compare item by item.
import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], int64, float64)")
def tuple_contains(out, x, f):
    nan = f - f + (1e309 - 1e309)
    out[0] = nan in (nan, 1.0)
    out[1] = (x, 1) in ((2, 1), (3, 3))
    out[2] = x not in (1, 3)
    out[3] = np.uint64(2) in (x, -1)
    out[4] = 2 in out.shape
    out[5] = 300 in (np.int8(44), np.int8(1))
    out[6] = f in (x, 3)
    if x in (1, 2, 3) and f not in (0.5,):
        out[7] = 1.0
