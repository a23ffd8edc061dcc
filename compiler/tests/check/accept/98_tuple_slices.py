# Tuples sliced by constants: forward, backward, with steps, of items of
# different types, and of a device function's result.
from numba import cuda


@cuda.jit(device=True)
def spread(x):
    return x, x + 1, x * 2.5, x - 3


@cuda.jit("void(int64[::1], float64[::1])")
def tuple_slices(out, f):
    i = cuda.grid(1)
    if i >= 2:
        return
    t = (i, 10, 20, 30, 40)
    head = t[:2]
    tail = t[3:]
    odd = t[1::2]
    back = t[::-1]
    out[8 * i] = head[0] + head[1]
    out[8 * i + 1] = tail[0] * 100 + tail[1]
    out[8 * i + 2] = odd[0] + odd[1]
    out[8 * i + 3] = back[0] * 10 + back[4]
    out[8 * i + 4] = len(t[-2:]) + len(t[4:1]) + len(t[4:1:-1])
    mixed = spread(i)[1:3]
    f[2 * i] = mixed[0]
    f[2 * i + 1] = mixed[1]
    empty = t[3:3]
    out[8 * i + 5] = len(empty)
