"""124: gamma correction with float32 pow (libdevice bound 4 ulp): a
linear segment below 0.0031308, 1.055 v^(1/gamma) - 0.055 above."""
import numpy as np
from harness import Case

F = np.float32


def expect(a):
    img, gamma = a[0], a[1]
    inv = (F(1) / gamma).astype(F)
    p = np.power(img.astype(np.float64), np.float64(inv)).astype(F)
    hi = (F(1.055) * p - F(0.055)).astype(F)
    return {0: np.where(img <= F(0.0031308), (F(12.92) * img).astype(F), hi)}


CASES = [
    Case("124_f32_gamma_correct.py", "gamma_correct", grid=(2, 2), block=(16, 16),
         args=lambda rng: [rng.random((20, 30)).astype(F), F(2.2)],
         expect=expect, rtol=1e-6, atol=1e-7),
]
