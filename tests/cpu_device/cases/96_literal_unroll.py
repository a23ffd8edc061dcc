"""96: literal_unroll() over a tuple of an int64, a float64, an int32 and a
bool: each item has its own copy of the body; `continue` skips the third;
the accumulator joins the items' types (float64)."""
import numpy as np
from harness import Case

CASES = [
    Case("96_literal_unroll.py", "unrolled", grid=(1,), block=(1,), name=f"n{n}",
         args=lambda rng, n=n: [np.zeros(2), np.int32(n)],
         # The third item (n) is skipped: 1 + 2.5 + True.
         expect=lambda a: {0: np.array([4.5, 4.0])},
         numba_skip="Numba's simulator has no numba.cuda.literal_unroll")
    for n in (7, -3)
]
