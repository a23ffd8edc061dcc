# Module-level tuples holding device functions (frozen as Numba freezes
# globals): indexed by constants, nested with constants, each call specialised for the function it names.
from numba import cuda


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit(device=True)
def halve(x):
    return x / 2


@cuda.jit(device=True)
def negate(x):
    return -x


OPS = (square, halve)
WEIGHTED = ((square, 0.5), (negate, 2.0), (halve, -1.0))
ALL = (OPS, negate)


@cuda.jit("void(float64[::1], float64[::1])")
def function_tuples(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    v = x[i]
    acc = OPS[0](v) + OPS[1](v)
    acc += WEIGHTED[0][1] * WEIGHTED[0][0](v) + WEIGHTED[1][1] * WEIGHTED[1][0](v)
    acc += WEIGHTED[2][1] * WEIGHTED[2][0](v)
    out[i] = acc + ALL[1](ALL[0][0](v))
