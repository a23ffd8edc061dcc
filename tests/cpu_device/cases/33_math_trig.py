"""Trigonometry.  trig64: sin/cos/tan/asin/acos/atan/atan2 in float64 on
(-1.4, 1.4).  polar: float32 atan2 then atan(tan(a)) (= a - k*pi) added in
float64.  rotate_points: float32 cos/sin of a scalar angle, float32 rotation.
Tolerances ~ a few ulps."""
import numpy as np
from harness import Case

F = np.float32


def trig_expect(a):
    t = a[0]
    s, c = np.sin(t), np.cos(t)
    u = np.maximum(-1.0, np.minimum(1.0, s))
    return {1: s + c + np.tan(t) + np.arcsin(u) + np.arccos(u) + np.arctan(t) + np.arctan2(s, c)}


def polar_expect(a):
    ang = np.arctan2(a[1].astype(np.float64), a[0].astype(np.float64)).astype(F)
    back = np.arctan(np.tan(ang.astype(np.float64)).astype(F).astype(np.float64)).astype(F)
    return {2: (ang.astype(np.float64) + back.astype(np.float64)).astype(F)}


def rot_expect(a):
    p, th = a[0].copy(), float(a[1])
    c, s = F(np.cos(th)), F(np.sin(th))
    x, y = p[:, 0].copy(), p[:, 1].copy()
    p[:, 0] = c * x - s * y
    p[:, 1] = s * x + c * y
    return {0: p}


CASES = [
    Case("33_math_trig.py", "trig64", grid=(2,), block=(64,),
         args=lambda rng: [rng.random(100) * 2.8 - 1.4, np.zeros(100)], expect=trig_expect, rtol=1e-14, atol=1e-14),
    Case("33_math_trig.py", "polar", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(100).astype(F), rng.standard_normal(100).astype(F), np.zeros(100, F)],
         expect=polar_expect, rtol=1e-6, atol=1e-6),
    Case("33_math_trig.py", "rotate_points", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal((100, 2)).astype(F), F(0.7)], expect=rot_expect, rtol=1e-6, atol=1e-6),
]
