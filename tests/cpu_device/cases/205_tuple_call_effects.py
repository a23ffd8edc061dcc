"""205: a device function with an effect (an atomic count) returning a
tuple is called once per use of its tuple (array and atomic indices,
unpacking, len, max, comparison, indexing, `*`): ten calls in all, as
Numba makes them (checked on the emulated driver)."""
import numpy as np
from harness import Case


def args(rng):
    return [np.zeros((2, 3, 2)), np.zeros(1, np.int64), np.zeros(7)]


def expect(args):
    a, c, out = (x.copy() for x in args)
    a[1, 2, 0] = 5.0
    out[0] = 5.0
    a[1, 2, 0] += 2.0
    a[1, 2, 0] += 1.0
    out[1] = 3
    out[2] = 3
    out[3] = 2
    out[4] = 2
    out[5] = 1
    a[1, 2, 1] = 4.0
    c[0] = 10
    out[6] = 10
    return {0: a, 1: c, 2: out}


CASES = [
    Case("205_tuple_call_effects.py", "tuple_call_effects", grid=(1,), block=(1,), args=args,
         expect=expect),
]
