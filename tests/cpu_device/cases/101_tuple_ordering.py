"""101: tuple ordering comparisons, checked against Python's own tuple
comparisons (which Numba's follow)."""
import math

import numpy as np
from harness import Case


def order(args):
    a, x, out = args
    out = out.copy()
    for i in range(a.size):
        p = (int(a[i]), float(x[i]))
        q = (1, 0.5)
        out[i] = [p < q, p <= q, p > q, p >= q, (int(a[i]),) < (int(a[i]), 0),
                  (int(a[i]), (float(x[i]), 2)) >= (1, (0.5, 3)),
                  (float(x[i]), 1) < (math.nan, 2), () < (int(a[i]),)]
    return {2: out}


CASES = [
    Case("101_tuple_ordering.py", "order", grid=(1,), block=(32,),
         args=lambda rng: [np.array([0, 1, 1, 1, 2, 1, -5, 1], np.int64),
                           np.array([0.5, 0.5, 0.25, 0.75, 0.5, np.nan, 9.0, -np.inf]),
                           np.zeros((8, 8), np.bool_)],
         expect=order),
]
