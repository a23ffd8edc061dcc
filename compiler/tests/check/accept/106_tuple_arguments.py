# Tuple kernel arguments: homogeneous and heterogeneous, nested, holding
# arrays (read and written); a launch passes them as their items.
from numba import cuda


@cuda.jit("void(UniTuple(float64, 2), Tuple((int64, UniTuple(float32, 2))), UniTuple(float64[::1], 2), float64[::1])")
def combine(coef, nested, arrays, out):
    i = cuda.grid(1)
    src, scratch = arrays
    if i < out.size:
        scratch[i] = src[i] * 2
        out[i] = coef[0] * src[i] + coef[1] + nested[1][0] * i + nested[0] + len(arrays)


@cuda.jit("void(UniTuple(int32, 3), int64[::1])")
def extents(shape, out):
    i = cuda.grid(1)
    if i < 3:
        out[i] = shape[i] * (i + 1)
