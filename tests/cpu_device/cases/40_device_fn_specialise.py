"""One device function specialised per type: lerp/square on float32 and
float64, square on int32 (int32*int32 widens to int64, no wrap at 2**31) and
int64."""
import numpy as np
from harness import Case, fma

F = np.float32


def l32_expect(a, fused=False):
    x, y, t = a
    # `a + (b - a) * t`: one rounding at -O2.
    x = fma(y - x, t, x) if fused else x + (y - x) * t
    return {0: x, 1: x * x}


def sq_args(hi):
    return lambda rng: [rng.integers(-hi, hi, 100).astype(np.int32), rng.integers(-3 * 10**9, 3 * 10**9, 100)]


CASES = [
    Case("40_device_fn_specialise.py", "lerp32", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(100).astype(F), rng.standard_normal(100).astype(F), F(0.3)],
         expect=l32_expect, fused=lambda a: l32_expect(a, fused=True)),
    Case("40_device_fn_specialise.py", "lerp64", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(100), rng.standard_normal(100), np.float64(-0.7)],
         expect=lambda a: {0: a[0] + (a[1] - a[0]) * a[2]},
         fused=lambda a: {0: fma(a[1] - a[0], a[2], a[0])}),
    Case("40_device_fn_specialise.py", "squares_int", grid=(2,), block=(64,), args=sq_args(40000),
         expect=lambda a: {1: a[0].astype(np.int64) ** 2 + a[1] ** 2}),
    Case("40_device_fn_specialise.py", "squares_int", grid=(2,), block=(64,), args=sq_args(2**31 - 1),
         expect=lambda a: {1: a[0].astype(np.int64) ** 2 + a[1] ** 2}, name="wide",
         numba_skip="the simulator multiplies np.int32 in int32 (wraps); Numba widens to int64"),
]
