"""fastmath kernels: normalise 2-D vectors (no zero vectors: fastmath may
assume no NaN) and exp/log/sin in float32.  fastmath permits approximate
sqrt/div/transcendentals, so the tolerances allow a few float32 ulps."""
import numpy as np
from harness import Case

F = np.float32


def norm_args(rng):
    x = rng.standard_normal(100).astype(F)
    y = rng.standard_normal(100).astype(F)
    x[0], y[0] = 3.0, 4.0
    return [x, y, np.zeros(100, F)]


def norm_expect(a):
    x, y = a[0], a[1]
    l = np.sqrt(x * x + y * y)
    return {0: x / l, 1: y / l, 2: (1.0 / l.astype(np.float64)).astype(F)}


def exp_expect(a):
    x, s = a[0].astype(np.float64), a[1]
    e = np.exp((a[0] * s).astype(np.float64)).astype(F)
    return {0: e + F(np.log(float(s))) + np.sin(x).astype(F)}


CASES = [
    Case("44_fastmath.py", "normalize", grid=(2,), block=(64,), args=norm_args, expect=norm_expect,
         rtol=1e-6, atol=1e-7),
    Case("44_fastmath.py", "fast_exp", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(100).astype(F), F(1.7)], expect=exp_expect, rtol=2e-6, atol=1e-6),
]
