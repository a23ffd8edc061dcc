# literal_unroll() over a tuple of items of different types (numba-cuda has
# it as numba.cuda.literal_unroll; its simulator does not).
from numba import cuda
from numba.cuda import literal_unroll


@cuda.jit("void(float64[::1], int32)")
def unrolled(out, n):
    # Each item has its own type in its own copy of the body; continue and
    # the accumulator's join work across the copies.
    if cuda.grid(1) != 0:
        return
    items = (1, 2.5, n, True)
    total = 0.0
    seen = 0
    for item in literal_unroll(items):
        seen += 1
        if seen == 3:
            continue
        total += item
    out[0] = total
    out[1] = seen
