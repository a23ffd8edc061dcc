"""199: named tuples held in module-level names, frozen as constants of
their named tuple types: read by field and index, unpacked, nested in a
tuple and passed to a device function; against the same arithmetic in
NumPy."""
import numpy as np
from harness import Case

SRC = "199_named_tuple_constants.py"
N = 45


def apply(gain, offset, steps, v):
    acc = v
    for _ in range(steps):
        acc = acc * gain + offset
    return acc


def args(rng):
    return [np.zeros(3 * N), np.int64(N)]


def expect(args):
    n = N
    i = np.arange(n, dtype=np.float64)
    out = np.zeros(3 * n)
    out[:n] = 0.5 * i + 2 + 2 + 2
    out[n:2 * n] = apply(3.0, -1.25, 4, i * 0.125) + 1 - 3
    out[2 * n:] = apply(0.5, 0.25, 2, i) + 4
    return {0: out}


CASES = [
    Case(SRC, "named_tuple_constants", grid=(2,), block=(32,), args=args, expect=expect),
]
