"""204: `in` / `not in` of tuples whose items have one type, each item
compared with `==` (NaN in nothing, no narrowing of the needle)."""
import numpy as np
from harness import Case


def args(rng):
    return [np.zeros(8), np.int64(2), np.float64(2.5)]


def expect(args):
    out = args[0].copy()
    x, f = 2, 2.5
    out[0] = 0.0
    out[1] = 1.0
    out[2] = float(x not in (1, 3))
    out[3] = 1.0
    out[4] = 0.0
    out[5] = 0.0
    out[6] = float(f in (x, 3))
    out[7] = 1.0
    return {0: out}


CASES = [
    Case("204_tuple_contains.py", "tuple_contains", grid=(1,), block=(1,), args=args,
         expect=expect,
         numba_skip="Numba's simulator runs Python's `in`, which finds the very NaN object "
                    "in (nan, 1.0); compiled Numba's in_seq compares with == (NaN is in "
                    "nothing), checked on the emulated driver"),
]
