"""121: named tuples (collections.namedtuple, typing.NamedTuple) built in a
kernel, read by field and index, unpacked and passed through device
functions; against the same arithmetic in NumPy."""
import numpy as np
from harness import Case

SRC = "121_named_tuples.py"
N = 37


def args(rng):
    return [np.zeros(3 * N), np.int64(N)]


def expect(args):
    n = N
    i = np.arange(n, dtype=np.float64)
    x, y = i * 0.5 + 2.0, -1.0 - 2.0
    out = np.zeros(3 * n)
    out[:n] = x * y + x + 2
    acc = float(sum(range(0, n, 3)))
    out[n:2 * n] = acc + 2.0 * y * i
    out[2 * n:] = 2 * i - i
    return {0: out}


CASES = [
    Case(SRC, "named_tuples", grid=(2,), block=(32,), args=args, expect=expect),
]
