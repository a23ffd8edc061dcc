"""Range-loop variables as indices: a loop counting up from 0 (no wrap
needed), from -3, downwards past 0, and from a negative start known only at
run time must all read what Python's indexing reads (sums in float64, in
loop order, so the compare is exact)."""
import numpy as np
from harness import Case

N = 37
START = -5


def args(rng):
    return [rng.random(N).astype(np.float32), np.zeros(4, np.float64), np.int64(START)]


def in_order(x, ks):
    total = 0.0
    for k in ks:
        total += float(x[k])
    return total


def expect(a):
    x = a[0]
    return {1: np.array([
        in_order(x, range(N)),
        in_order(x, range(-3, 0)),
        in_order(x, range(N - 1, -4, -1)),
        in_order(x, range(START, 0)),
    ])}


CASES = [
    Case("92_range_loop_indexing.py", "range_indexing", grid=(1,), block=(32,),
         args=args, expect=expect),
]
