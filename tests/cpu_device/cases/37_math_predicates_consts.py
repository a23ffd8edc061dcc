"""isnan/isinf/isfinite: sanitize replaces NaN by 0 and +-inf by +-3.4e38
(rounded to float32) and counts them with atomics; fill_special writes
inf/-inf/nan then replaces them all by math.e."""
import math

import numpy as np
from harness import Case


def san_args(rng):
    x = rng.standard_normal(300).astype(np.float32)
    x[rng.integers(0, 300, 30)] = np.nan
    x[rng.integers(0, 300, 20)] = np.inf
    x[rng.integers(0, 300, 20)] = -np.inf
    return [x, np.array([1, 2, 3], np.int32)]


def san_expect(a):
    x, bad = a[0], a[1].copy()
    nan, inf = np.isnan(x), np.isinf(x)
    bad[0] += nan.sum()
    bad[1] += inf.sum()
    out = np.where(nan, np.float32(0), np.where(inf, np.sign(x) * np.float32(3.4e38), x)).astype(np.float32)
    return {0: out, 1: bad}


CASES = [
    Case("37_math_predicates_consts.py", "sanitize", grid=(3,), block=(128,), args=san_args, expect=san_expect),
    Case("37_math_predicates_consts.py", "fill_special", grid=(2,), block=(64,),
         args=lambda rng: [np.zeros(100)], expect=lambda a: {0: np.full(100, math.e)}),
]
