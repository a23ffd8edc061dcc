# '*args' parameters of device functions: the positional arguments past
# the others, as a tuple (Numba's StarArgTuple, typed as the tuple of
# their types), indexed, measured with len() and looped over; given
# plain arguments, none, or a starred tuple.
from numba import cuda


@cuda.jit(device=True)
def total(a, *rest):
    return a + rest[0] * rest[1]


@cuda.jit(device=True)
def count(*items):
    return len(items)


@cuda.jit(device=True)
def scaled(scale, *rest):
    return scale * rest[-1]


@cuda.jit(device=True)
def add_all(*values):
    s = 0.0
    for v in values:
        s += v
    return s


@cuda.jit("void(float64[::1], UniTuple(float64, 2))")
def star_params(out, t):
    i = cuda.grid(1)
    if i == 0:
        out[0] = total(1.0, 2.0, 3.0)
        out[1] = total(out[2], *t)
        out[3] = count() + count(1, 2.5, t)
        out[4] = scaled(0.5, out[5], 2) + scaled(2, *t)
        out[6] = add_all(out[7], 1.5, *t)
