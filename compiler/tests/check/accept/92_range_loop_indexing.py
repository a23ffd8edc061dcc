# Loop variables as indices. Counting up from a non-negative start, the
# variable needs no negative-index wrap; a negative start, a start known
# only at run time and a descending range keep it.
from numba import cuda


@cuda.jit("void(float32[::1], float64[::1], int64)")
def range_indexing(x, out, start):
    if cuda.grid(1) == 0:
        up = 0.0
        for k in range(x.shape[0]):
            up += x[k]
        out[0] = up
        neg = 0.0
        for k in range(-3, 0):
            neg += x[k]
        out[1] = neg
        down = 0.0
        for k in range(x.shape[0] - 1, -4, -1):
            down += x[k]
        out[2] = down
        runtime = 0.0
        for k in range(start, 0):
            runtime += x[k]
        out[3] = runtime
