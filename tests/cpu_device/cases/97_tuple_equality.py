"""97: == and != between tuples, item by item (numbers promoted), nested,
of different lengths, empty; four threads, each with its own first item."""
import numpy as np
from harness import Case


def expect(args):
    out, v = args
    out = out.copy()
    for i in range(4):
        here = (i, 2)
        out[5 * i:5 * i + 5] = [here == (1, 2), here != (i, 2.0), (v[i], (i, 3)) == (1.5, (2, 3)),
                                (1, 2) == (1, 2, 3), () == ()]
    return {0: out}


CASES = [
    Case("97_tuple_equality.py", "tuple_equality", grid=(1,), block=(8,),
         args=lambda rng: [np.full(20, 7, np.int64), np.array([1.5, 2.5, 1.5, 1.5])],
         expect=expect),
]
