"""Comparisons and boolean logic.  classify: chained comparisons, and/or/not
short-circuit (neighbour reads guarded), conditional expressions, NaN (v != v)
and edge values 0, 0.5, +-1; 300 elements on 320 threads.  clamp_chain:
nested conditional expression clamps int64 values."""
import numpy as np
from harness import Case


def cls_args(rng):
    x = (rng.standard_normal(300) * 1.5).astype(np.float32)
    x[:10] = [0.0, 0.5, 1.0, -1.0, np.nan, 0.5, -0.0, np.inf, -np.inf, 1.0]
    return [x, np.full(300, -99, np.int32), np.zeros(300, np.bool_)]


def cls_expect(a):
    v = a[0]
    n = v.size
    in_unit = (0.0 <= v) & (v <= 1.0)
    outside = (v < -1.0) | (v > 1.0)
    flags = (in_unit & ~outside) | (v == 0.5)
    lab = np.where(v > 0, 1, np.where(v < 0, -1, 0)) + np.where(v != v, 10, 0)
    up = np.zeros(n, bool)
    up[:-1] = v[1:] > v[:-1]
    down = np.zeros(n, bool)
    down[1:] = v[:-1] >= v[1:]
    down[0] = True
    lab = lab + 100 * up + 1000 * down
    return {1: lab.astype(np.int32), 2: flags}


CASES = [
    Case("29_comparisons_logic.py", "classify", grid=(5,), block=(64,), args=cls_args, expect=cls_expect),
    Case("29_comparisons_logic.py", "clamp_chain", grid=(2,), block=(64,),
         args=lambda rng: [rng.integers(-100, 100, 100), np.int64(-20), np.int64(35)],
         expect=lambda a: {0: np.clip(a[0], a[1], a[2])}),
]
