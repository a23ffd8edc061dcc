"""``fma(a, b, c)``: ``a * b + c`` rounded once, as PTX's ``fma.rn`` and
the multiply-adds Numba's compiler (and kernelc at -O2) fuses. The
references of kernels that fuse are written with it: the CPU-device cases
(``harness.py`` re-exports it) and the binding's tests, which import this
file by path."""

import numpy as np


def _two_sum(a, b):
    """s = a + b rounded, and its exact error e (a + b == s + e)."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _two_product(a, b):
    """p = a * b rounded, and its exact error (Dekker's product; float64,
    no overflow)."""
    p = a * b
    split = 134217729.0  # 2**27 + 1
    def halves(x):
        t = split * x
        hi = t - (t - x)
        return hi, x - hi
    ah, al = halves(a)
    bh, bl = halves(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def _round_to_odd_sum(a, b):
    """a + b rounded to odd (the nearest float64 with an odd last bit when
    inexact): rounded to nearest, then moved one step towards the exact
    sum when inexact and the last bit is even."""
    s, e = _two_sum(a, b)
    even = (s.view(np.int64) & 1) == 0
    step = (e != 0) & even
    return np.where(step, np.nextafter(s, np.where(e > 0, np.inf, -np.inf)), s)


def fma(a, b, c):
    """``a * b + c`` rounded once, element by element, in the operands'
    type (float32 or float64), as PTX's ``fma.rn``. float64: Boldo and
    Melquiond's emulation (exact product, then a sum rounded to odd, then
    to nearest); float32: the float64 product is exact, and the sum rounded
    to odd in float64 then to nearest in float32 is correctly rounded (53
    bits >= 24 + 2). Operands that are not finite, or whose product or sum
    overflows, give ``a * b + c`` computed in float64 and rounded."""
    a, b, c = np.asarray(a), np.asarray(b), np.asarray(c)
    dtype = np.result_type(a, b, c)
    a64, b64, c64 = (np.asarray(x, np.float64) for x in (a, b, c))
    with np.errstate(all="ignore"):
        plain = a64 * b64 + c64
        if dtype == np.float32:
            exact = _round_to_odd_sum(a64 * b64, c64)
        else:
            uh, ul = _two_product(a64, b64)
            th, tl = _two_sum(c64, uh)
            exact = th + _round_to_odd_sum(tl, ul)
        finite = np.isfinite(a64) & np.isfinite(b64) & np.isfinite(c64) & np.isfinite(plain)
        big = (np.abs(a64) > 1e290) | (np.abs(b64) > 1e290) | (np.abs(a64 * b64) > 1e300)
        out = np.where(finite & ~big, exact, plain).astype(dtype)
    return out[()] if out.ndim == 0 else out
