"""180: libdevice's directed-rounding functions, checked bit for bit
against exact rational arithmetic (`fractions.Fraction`): the exact result,
then the float of the type just below or above it (`_rd`: the largest not
above; `_ru`: the smallest not below; `_rz`: whichever is toward zero)."""
import math
from fractions import Fraction

import numpy as np
from harness import Case

f32, f64 = np.float32, np.float64
SRC = "180_libdevice_directed.py"
N = 64
NO_LIBDEVICE = ("Numba's simulator has no libdevice functions (its stubs return None); real "
                "Numba CUDA runs every one in tests/emucuda/test_libdevice_numba.py")


def floor_float(q, ty):
    """The largest `ty` not above the exact rational `q`."""
    x = ty(float(q))
    while Fraction(float(x)) > q:
        x = np.nextafter(x, ty(-np.inf))
    while Fraction(float(np.nextafter(x, ty(np.inf)))) <= q:
        x = np.nextafter(x, ty(np.inf))
    return x


def rounded(q, mode, ty):
    """`q` rounded to `ty` down ("rd"), up ("ru") or toward zero ("rz");
    beyond the largest finite value, that value or infinity."""
    big = Fraction(float(np.finfo(ty).max))
    if abs(q) > big:
        away = mode == ("ru" if q > 0 else "rd")
        return ty(math.copysign(math.inf if away else float(big), 1 if q > 0 else -1))
    lo = floor_float(q, ty)
    if Fraction(float(lo)) == q:
        return lo
    hi = np.nextafter(lo, ty(np.inf))
    if mode == "rd" or (mode == "rz" and q > 0):
        return lo
    return hi


def sqrt_rounded(x, mode, ty):
    """The root of `x` rounded: the largest `r` with `r * r <= x`, or the
    next float when `x` is not its square and the rounding is up."""
    q = Fraction(float(x))
    r = ty(math.sqrt(float(x)))
    while Fraction(float(r)) ** 2 > q:
        r = np.nextafter(r, ty(-np.inf))
    while Fraction(float(np.nextafter(r, ty(np.inf)))) ** 2 <= q:
        r = np.nextafter(r, ty(np.inf))
    if mode == "ru" and Fraction(float(r)) ** 2 != q:
        r = np.nextafter(r, ty(np.inf))
    return r


def F(v):
    return Fraction(float(v))


def args64(rng):
    x = rng.uniform(0.1, 10.0, N)
    y = rng.uniform(0.1, 3.0, N) * rng.choice([-1.0, 1.0], N)
    x[:3] = [1.0, 2.0, 1e300]
    y[:3] = [3.0, 1e-300, 1e10]
    return [x, y, np.zeros((N, 9))]


def expect64(a):
    x, y = a[0], a[1]
    out = np.zeros((N, 9))
    for i in range(N):
        X, Y = F(x[i]), F(y[i])
        out[i] = [rounded(X + Y, "rd", f64), rounded(X + Y, "ru", f64),
                  rounded(X * Y, "rz", f64), rounded(X / Y, "rd", f64),
                  rounded(X / Y, "ru", f64), sqrt_rounded(x[i], "rd", f64),
                  rounded(1 / Y, "ru", f64), rounded(X * Y - 1, "rz", f64),
                  f64(rounded(X, "rd", f32) + rounded(Y, "ru", f32))]
    return {2: out}


def args32(rng):
    x = rng.uniform(0.1, 10.0, N).astype(f32)
    y = (rng.uniform(0.1, 3.0, N) * rng.choice([-1.0, 1.0], N)).astype(f32)
    n = rng.integers(-2 ** 62, 2 ** 62, N, dtype=np.int64)
    n[:4] = [0, 1, (1 << 53) + 1, -((1 << 24) + 1)]
    return [x, y, n, np.zeros((N, 9), f32), np.zeros((N, 3))]


def wrap(v, bits, signed):
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def expect32(a):
    x, y, n = a[0], a[1], a[2]
    out = np.zeros((N, 9), f32)
    outd = np.zeros((N, 3))
    tenth = Fraction(float(f32(0.1)))
    for i in range(N):
        X, Y, k = F(x[i]), F(y[i]), int(n[i])
        out[i] = [rounded(X + Y, "rz", f32), rounded(X - Y, "ru", f32),
                  rounded(X * Y, "rd", f32), rounded(X / Y, "rz", f32),
                  sqrt_rounded(x[i], "ru", f32), rounded(1 / Y, "rd", f32),
                  rounded(X * Y + tenth, "ru", f32), rounded(Fraction(k), "rd", f32),
                  rounded(Fraction(wrap(k, 32, False)), "ru", f32)]
        outd[i] = [rounded(Fraction(k), "ru", f64),
                   rounded(Fraction(wrap(k, 64, False)), "rz", f64),
                   f64(rounded(Fraction(wrap(k, 32, True)), "rz", f32))]
    return {3: out, 4: outd}


CASES = [
    Case(SRC, "directed64", grid=(2,), block=(32,), args=args64, expect=expect64,
         numba_skip=NO_LIBDEVICE),
    Case(SRC, "directed32", grid=(2,), block=(32,), args=args32, expect=expect32,
         numba_skip=NO_LIBDEVICE),
]
