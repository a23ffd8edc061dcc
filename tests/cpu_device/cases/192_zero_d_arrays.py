"""192: 0-d arrays: a running sum kept in one, a float32 cell bumped by a
device function and rewritten from the other's properties, and a 1-D
reshape of it written through."""
import numpy as np
from harness import Case

SRC = "192_zero_d_arrays.py"


def expect(args):
    acc, xs, out = (np.array(a, copy=True) for a in args)
    s = acc[()]
    for x in xs:
        s = s + x
    cell = np.float32(np.float64(out[()]) + 1.0)
    cell = np.float32(np.float64(cell) * 2.0 + 0.0 + 1.0 + 0.0 + 0.0)
    return {0: np.array(s + 0.5), 2: np.array(cell, dtype=np.float32)}


def inputs(rng):
    return [np.array(rng.uniform(-9, 9)), rng.uniform(-9, 9, 7),
            np.array(rng.uniform(-9, 9), dtype=np.float32)]


CASES = [Case(SRC, "scalar_cell", grid=(1,), block=(4,), args=inputs, expect=expect, rtol=0, atol=0,
              sig="void(array(float64, 0d, C), float64[::1], array(float32, 0d, C))")]
