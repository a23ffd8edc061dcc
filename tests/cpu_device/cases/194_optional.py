"""194: values that may be None (Numba's OptionalType): device functions
returning a number or None, a variable None on one path, `x if c else
None`, tested with `is None` and unwrapped by arithmetic."""
import numpy as np
from harness import Case

SRC = "194_optional.py"


def halve_even(n):
    return n // 2 if n % 2 == 0 else None


def expect(args):
    keys, rows, out = (np.array(a, copy=True) for a in args)
    for i in range(rows.shape[0]):
        hits = [j for j in range(keys.shape[0]) if keys[j] == i]
        out[i, 0] = -1.0 if not hits else hits[0] * 10.0
        positive = [v for v in rows[i] if v > 0]
        out[i, 1] = positive[0] if positive else -2.5
        out[i, 2] = 1.0 + i * 0.5 if i % 3 == 0 else 0.0
        r = rows[i, 0] if rows[i, 0] > 0 else 0.25
        h = halve_even(i + 1)
        h = None if h is None else halve_even(h)
        out[i, 3] = r + (-1 if h is None else h)
    return {2: out}


def inputs(rng):
    keys = rng.integers(0, 12, 9).astype(np.int64)
    rows = rng.uniform(-3, 2, (10, 4))
    rows[3] = -1.0  # no positive value in a row
    out = np.zeros((10, 4))
    return [keys, rows, out]


CASES = [Case(SRC, "optional_values", grid=(2,), block=(8,), args=inputs, expect=expect,
              rtol=0, atol=0)]
