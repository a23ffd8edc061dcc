# Tuples of one item type indexed by a run-time value: array shapes and
# strides, literal tuples, tuples of arrays, negative indices, and indices
# of narrow and unsigned integer types.
from numba import cuda, int32, uint8


@cuda.jit(device=True)
def extent(shape, axis):
    return shape[axis]


@cuda.jit("void(float32[:, :, ::1], int64[::1])")
def shapes(c, out):
    i = cuda.grid(1)
    if i < out.size:
        axis = i % 3
        out[i] = c.shape[axis] * 1000 + extent(c.strides, -1 - axis) + extent(c.shape, 2 - axis) * 100000


@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def pick(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        weights = (0.5, 1.5, -2.0, 4.0)
        k = int32(i % 4)
        pair = (a, b)
        src = pair[uint8(i % 2)]
        out[i] = weights[k] * src[i] + weights[-k - 1]


@cuda.jit("void(int64[::1], int64)")
def choose(out, k):
    t = (10, 20, 30)
    out[0] = t[k]
