# == and != between tuples: item by item with the usual number promotion,
# nested tuples, tuples of different lengths (never equal), the empty tuple.
from numba import cuda


@cuda.jit("void(int64[::1], float64[::1])")
def tuple_equality(out, v):
    i = cuda.grid(1)
    if i >= 4:
        return
    here = (i, 2)
    out[5 * i] = here == (1, 2)
    out[5 * i + 1] = here != (i, 2.0)
    out[5 * i + 2] = (v[i], (i, 3)) == (1.5, (2, 3))
    out[5 * i + 3] = (1, 2) == (1, 2, 3)
    out[5 * i + 4] = () == ()
