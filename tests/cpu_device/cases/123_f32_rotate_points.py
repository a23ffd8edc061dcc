"""123: float32 rotation by a per-point angle, including angles far beyond
the Cody-Waite range (the Payne-Hanek branch). sin/cos are within 2 ulp
(libdevice's bound); the rotated coordinates are compared with a tolerance
of a few ulps of the larger term."""
import numpy as np
from harness import Case

F = np.float32
N = 256


def args(rng):
    theta = (rng.standard_normal(N) * 10).astype(F)
    theta[::8] = (rng.random(N // 8) * 2.0 ** rng.integers(17, 100, N // 8)).astype(F)
    return [rng.standard_normal((N, 2)).astype(F), theta, np.zeros((N, 2), F)]


def expect(a):
    p, th = a[0], a[1].astype(np.float64)
    c, s = np.cos(th).astype(F), np.sin(th).astype(F)
    out = np.empty_like(p)
    out[:, 0] = c * p[:, 0] - s * p[:, 1]
    out[:, 1] = s * p[:, 0] + c * p[:, 1]
    return {2: out}


CASES = [
    Case("123_f32_rotate_points.py", "rotate_points", grid=(2,), block=(128,),
         args=args, expect=expect, rtol=2e-6, atol=2e-6),
]
