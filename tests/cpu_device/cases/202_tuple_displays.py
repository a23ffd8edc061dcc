"""202: tuple displays with starred items and list displays iterated by a
`for` (tuples to CPython and Numba); the kernel's own arithmetic in
Python."""
import numpy as np
from harness import Case

N = 4


def args(rng):
    return [rng.uniform(-1, 1, (2, 3, 2)), np.int64(N)]


def expect(args):
    arr = args[0].copy()
    n = N
    idx = (1, 2)
    t = (*idx, 0)
    arr[t] = 5.0
    u = *idx, n
    arr[u[0], u[1], 1] = u[2]
    for j in [idx[0], 7, n]:
        arr[0, 0, 0] += j
    for w in [0.5, 0.25]:
        arr[0, 0, 1] += w
    v = (*(), *idx, *(n, 1.5))
    arr[0, 1, 0] = v[3] + len(v)
    arr[(0, 2, 0)] = len((*t, *u))
    return {0: arr}


CASES = [
    Case("202_tuple_displays.py", "tuple_displays", grid=(1,), block=(1,), args=args,
         expect=expect),
]
