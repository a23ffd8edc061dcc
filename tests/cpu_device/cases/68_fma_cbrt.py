"""68: cuda.fma and cuda.cbrt.  fma32 stores cbrt(fma(a, b, c)) in float32;
horner_fma evaluates (v + 0.5) * v + 0.25 with a fused multiply-add (exact
reference via fractions) and adds the float64 and float32 cube roots.  cbrt is
not exactly rounded, hence the tolerances.

The simulator computes fma as a*b + c (two roundings) and cbrt as a ** (1/3)
(NaN for negative a), so its case uses positive inputs; the "fused" case has
negative cube roots and an input where only a fused multiply-add gives the
right (non-zero) result."""
from fractions import Fraction

import numpy as np
from harness import Case

N = 256


def fma_exact(a, b, c):
    return float(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c)))


def fma32_args(rng, fused):
    a = rng.uniform(0.1, 4, N).astype(np.float32)
    b = rng.uniform(0.1, 4, N).astype(np.float32)
    c = rng.uniform(0.1, 4, N).astype(np.float32)
    if fused:
        a = rng.uniform(-4, 4, N).astype(np.float32)
        c = rng.uniform(-20, 20, N).astype(np.float32)
        a[0] = b[0] = np.float32(1 + 2**-12)
        c[0] = np.float32(-(1 + 2**-11))  # fused: 2**-24, cbrt 2**-8; unfused: 0
        a[1], b[1], c[1] = 0, 0, 0
    return [a, b, c, np.zeros(N, np.float32)]


def fma32_expect(a):
    f = np.array([fma_exact(x, y, z) for x, y, z in zip(a[0], a[1], a[2])]).astype(np.float32)
    return {3: np.cbrt(f)}


def horner_expect(a):
    out = []
    for v in a[0]:
        acc = float(v) + 0.5  # fma(1.0, v, 0.5)
        acc = fma_exact(acc, v, 0.25)
        out.append(np.cbrt(acc) + np.float64(np.cbrt(np.float32(acc))))
    return {0: np.array(out)}


CASES = [
    Case("68_fma_cbrt.py", "fma32", grid=(2,), block=(128,), args=lambda r: fma32_args(r, False),
         expect=fma32_expect, rtol=1e-6),
    Case("68_fma_cbrt.py", "fma32", grid=(2,), block=(128,), args=lambda r: fma32_args(r, True),
         expect=fma32_expect, rtol=1e-6, name="fused",
         numba_skip="simulator's fma is a*b + c (not fused) and its cbrt is a ** (1/3) (NaN for a < 0)"),
    Case("68_fma_cbrt.py", "horner_fma", grid=(3,), block=(128,),
         args=lambda rng: [rng.uniform(-30, 30, 300)], expect=horner_expect, rtol=2e-7),
]
