# Named tuples held in module-level names: frozen as constants of their
# named tuple types (Numba's NamedTuple / NamedUniTuple), as Numba freezes
# a global, and as the binding freezes one read from a closure: read by
# field and index, unpacked, nested in tuples, passed to device functions.
from collections import namedtuple

import numpy as np
from numba import cuda

Point = namedtuple("Point", ["x", "y"])
Spec = namedtuple("Spec", "gain offset steps")

ORIGIN = Point(np.float32(0.5), 2)
SPEC = Spec(offset=-1.25, gain=3.0, steps=4)
CASES = (Point(1, 3), Spec(0.5, 0.25, 2))


@cuda.jit(device=True)
def apply(spec, v):
    acc = v
    for _ in range(spec.steps):
        acc = acc * spec.gain + spec.offset
    return acc


@cuda.jit("void(float64[::1], int64)")
def named_tuple_constants(out, n):
    i = cuda.grid(1)
    if i >= n:
        return
    out[i] = ORIGIN.x * i + ORIGIN.y + len(ORIGIN) + ORIGIN[1]
    lo, hi = CASES[0]
    out[n + i] = apply(SPEC, i * 0.125) + lo - hi
    out[2 * n + i] = apply(CASES[1], float(i)) + SPEC[2]
