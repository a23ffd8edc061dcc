"""125: float32 atan2 (3 ulp), then float32 tan (4 ulp) times float32
hypot (3 ulp). tan near +-pi/2 is ill-conditioned in its argument, so the
points stay away from the y axis."""
import numpy as np
from harness import Case

F = np.float32
N = 200


def args(rng):
    x = (rng.random(N) + 0.2).astype(F) * rng.choice([F(-1), F(1)], N)
    y = rng.standard_normal(N).astype(F)
    return [x, y, np.zeros(N, F), np.zeros(N, F)]


def expect(a):
    x, y = a[0].astype(np.float64), a[1].astype(np.float64)
    ang = np.arctan2(y, x).astype(F)
    t = np.tan(ang.astype(np.float64)).astype(F)
    h = np.hypot(x, y).astype(F)
    return {2: ang, 3: (t * h).astype(F)}


CASES = [
    Case("125_f32_polar.py", "polar", grid=(2,), block=(128,),
         args=args, expect=expect, rtol=1e-6, atol=1e-7),
]
