"""59: bool arrays.  masked_copy copies where the mask is set (dst keeps its
old values elsewhere); make_mask stores x > 0, (not x > 0) and x > -1, their
`or`, and their int64 sum back into x (NaN and the -1.0 boundary included).

In the simulator np.bool_ + np.bool_ is a logical or (True + True is True),
while Numba types bool + bool as int64 (2), so the simulator's case has no
value in (-1, 0]; the "small" case has them."""
import numpy as np
from harness import Case

N = 400


def masked_args(rng):
    return [rng.standard_normal(N).astype(np.float32), rng.random(N) < 0.5, np.full(N, -9.0, np.float32)]


def mask_args(rng, small):
    x = rng.uniform(-3, 3, N)
    if small:
        x[:6] = [0.0, -0.0, -1.0, np.nan, np.nextafter(-1.0, 0), 1e-300]
    else:
        x = np.where((x > -1) & (x <= 0), x + 2, x)
        x[:4] = [-1.0, np.nan, 1e-300, -np.inf]
    return [x, np.zeros(N, np.bool_), np.ones(N, np.bool_)]


def mask_expect(a):
    x = a[0]
    p = x > 0
    small = ~p & (x > -1.0)
    pos = p | small
    return {0: pos.astype(np.float64) + small, 1: pos, 2: small}


CASES = [
    Case("59_dtype_bool.py", "masked_copy", grid=(2,), block=(256,), args=masked_args,
         expect=lambda a: {2: np.where(a[1], a[0], a[2])}),
    Case("59_dtype_bool.py", "make_mask", grid=(4,), block=(128,), args=lambda r: mask_args(r, False),
         expect=mask_expect),
    Case("59_dtype_bool.py", "make_mask", grid=(4,), block=(128,), args=lambda r: mask_args(r, True),
         expect=mask_expect, name="small",
         numba_skip="simulator adds np.bool_ values as a logical or (True + True is True); Numba's bool + bool is int64 2"),
]
