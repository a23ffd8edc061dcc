"""Device functions with explicit signatures: smoothstep(float32) computes t
in float64 (max with float(0)) and returns float32; sigmoid f4(f4) is
1/(1 + float32 exp) in float64, returned as float32.  window_mean reads y's
neighbours while other threads write y, so y has a single element (the only
race-free launch: its window is itself)."""
import numpy as np
from harness import Case

F = np.float32


def expect(a):
    x, y = a[0].astype(np.float64), a[1].copy()
    t = np.minimum(np.maximum((a[0] / F(2.0)).astype(np.float64), 0.0), 1.0)
    smooth = (t * t * (3 - 2 * t)).astype(F)
    sig = (1 / (1 + np.exp(-a[0].astype(np.float64)).astype(F).astype(np.float64))).astype(F)
    return {0: smooth + sig, 1: y}


CASES = [
    Case("42_device_fn_signature.py", "apply_device_sigs", grid=(2,), block=(64,),
         args=lambda rng: [(rng.standard_normal(100) * 2).astype(F), np.array([3.25])],
         expect=expect, rtol=1e-6, atol=1e-7),
]
