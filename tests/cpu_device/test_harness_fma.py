"""The harness's ``fma`` (the reference for kernels that Numba's compiler,
and kernelc at -O2, fuse) is correctly rounded: checked against exact
rational arithmetic on random operands, on cancelling ones (where one and
two roundings differ most) and on ties."""
from fractions import Fraction

import numpy as np

from fma_reference import fma


def exact(a, b, c, dtype):
    """a*b + c rounded once to `dtype`, through exact rationals."""
    want = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    if dtype == np.float64:
        return np.float64(float(want))
    # The two float32 neighbours of the exact value, the nearer (ties to
    # even) chosen exactly.
    x = np.float32(float(want))
    lo, hi = (x, np.nextafter(x, np.float32(np.inf))) if Fraction(float(x)) <= want else \
        (np.nextafter(x, np.float32(-np.inf)), x)
    dlo, dhi = want - Fraction(float(lo)), Fraction(float(hi)) - want
    if dlo != dhi:
        return lo if dlo < dhi else hi
    return lo if (lo.view(np.int32) & 1) == 0 else hi


def operands(rng, dtype, n):
    a = rng.standard_normal(n).astype(dtype) * dtype(rng.choice([1e-3, 1, 1e3], n))
    b = rng.standard_normal(n).astype(dtype)
    c = rng.standard_normal(n).astype(dtype)
    # Half of them cancel: c is minus the rounded product.
    c[: n // 2] = -(a[: n // 2] * b[: n // 2])
    return a, b, c


def test_fma_is_correctly_rounded():
    rng = np.random.default_rng(7)
    for dtype in (np.float32, np.float64):
        a, b, c = operands(rng, dtype, 4000)
        got = fma(a, b, c)
        assert got.dtype == dtype
        want = np.array([exact(x, y, z, dtype) for x, y, z in zip(a, b, c)], dtype)
        assert np.array_equal(got, want)
        # One rounding differs from two on the cancelling half.
        assert np.any(got != a * b + c)


def test_fma_ties_and_specials():
    # 1 + 2**-24 is a float32 tie; the product's tail decides it.
    t = np.float32(1 + 2**-12)
    assert fma(t, t, np.float32(0)) == exact(t, t, 0, np.float32)
    for dtype in (np.float32, np.float64):
        one = dtype(1)
        assert np.isnan(fma(dtype(np.nan), one, one))
        assert fma(dtype(np.inf), one, one) == np.inf
        assert np.isnan(fma(dtype(np.inf), one, dtype(-np.inf)))
        assert fma(dtype(3), dtype(0.5), dtype(-1.5)) == 0
