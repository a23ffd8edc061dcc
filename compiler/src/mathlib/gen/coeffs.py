#!/usr/bin/env python3
"""Generates compiler/src/mathlib/coeffs.rs: the polynomial coefficients
of kernelc's math library.

Each polynomial approximates a smooth, non-vanishing "tail" function on the
reduced range the algorithm leaves (see the comments in the Rust sources).
It is fitted by Chebyshev interpolation at 60 significant digits with
mpmath (`chebyfit`, close to minimax for these smooth functions), rounded to
f64, and the script checks the rounded polynomial's maximum relative error
on a dense grid so a degree that is too low is caught here.

Usage: python3 compiler/src/mathlib/gen/coeffs.py > compiler/src/mathlib/coeffs.rs
       cargo fmt --all
"""
import mpmath as mp

mp.mp.dps = 60


def tail(f):
    """Wraps f so that it is evaluated at high precision, away from 0."""
    return lambda t: f(mp.mpf(t)) if t != 0 else None


# name, doc, function of the polynomial variable, interval, degree, value at 0
FITS = [
    ("EXP", "(e^r - 1 - r) / r^2 for |r| <= ln2/2 (exp, expm1)",
     lambda r: (mp.exp(r) - 1 - r) / r**2, (-0.3466, 0.3466), 11, mp.mpf(1) / 2),
    ("LOG", "(log((1+s)/(1-s)) - 2s) / s^3 in z = s^2, s <= 3-2*sqrt(2) (log)",
     lambda z: (mp.log((1 + mp.sqrt(z)) / (1 - mp.sqrt(z))) - 2 * mp.sqrt(z)) / (mp.sqrt(z) * z),
     (0, 0.02944), 7, mp.mpf(2) / 3),
    ("LOG_HP", "(log((1+s)/(1-s)) - 2s - 2s^3/3) / s^5 in z = s^2, s <= 3-2*sqrt(2) (pow)",
     lambda z: (mp.log((1 + mp.sqrt(z)) / (1 - mp.sqrt(z))) - 2 * mp.sqrt(z) - 2 * mp.sqrt(z) ** 3 / 3) / (mp.sqrt(z) * z * z),
     (0, 0.02944), 6, mp.mpf(2) / 5),
    ("ERF", "erf(x) / x in z = x^2, |x| <= 1 (the constant term is stored minus 1)",
     lambda z: mp.erf(mp.sqrt(z)) / mp.sqrt(z), (0, 1.0), 15, 2 / mp.sqrt(mp.pi)),
    ("ERFC0", "erfc(x) e^(x^2) in u = x - 1/2, 1/2 <= x <= 1",
     lambda u: mp.erfc(u + 0.5) * mp.exp((u + 0.5) ** 2), (0, 0.5), 23, None),
    ("ERFC1", "erfc(x) e^(x^2) in u = x - 1, 1 <= x <= 2",
     lambda u: mp.erfc(u + 1) * mp.exp((u + 1) ** 2), (0, 1.0), 23, None),
    ("ERFC2", "erfc(x) e^(x^2) in u = x - 2, 2 <= x <= 3.5",
     lambda u: mp.erfc(u + 2) * mp.exp((u + 2) ** 2), (0, 1.5), 23, None),
    ("ERFC3", "erfc(x) e^(x^2) in u = x - 3.5, 3.5 <= x <= 6",
     lambda u: mp.erfc(u + 3.5) * mp.exp((u + 3.5) ** 2), (0, 2.5), 23, None),
    ("ERFC4", "erfc(x) e^(x^2) in u = 1/x - 1/28, 6 <= x <= 28",
     lambda u: mp.erfc(1 / (u + mp.mpf(1) / 28)) * mp.exp(1 / (u + mp.mpf(1) / 28) ** 2),
     (0, 1 / 6.0 - 1 / 28.0), 23, None),
    ("SIN", "(sin(r) - r) / r^3 in z = r^2, |r| <= pi/4",
     lambda z: (mp.sin(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 0.6169), 7, -mp.mpf(1) / 6),
    ("COS", "(cos(r) - 1 + r^2/2) / r^4 in z = r^2, |r| <= pi/4",
     lambda z: (mp.cos(mp.sqrt(z)) - 1 + z / 2) / z**2, (0, 0.6169), 7, mp.mpf(1) / 24),
    ("ATAN", "(atan(u) - u) / u^3 in z = u^2, |u| <= tan(pi/8)",
     lambda z: (mp.atan(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 0.17158), 12, -mp.mpf(1) / 3),
    ("ASIN", "(asin(s) - s) / s^3 in z = s^2, |s| <= 1/2",
     lambda z: (mp.asin(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 0.25), 13, mp.mpf(1) / 6),
    ("TANH", "(tanh(x) - x) / x^3 in z = x^2, |x| <= 0.55",
     lambda z: (mp.tanh(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 0.3025), 14, -mp.mpf(1) / 3),
    ("SINH", "(sinh(x) - x) / x^3 in z = x^2, |x| <= 1",
     lambda z: (mp.sinh(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 1.0), 8, mp.mpf(1) / 6),
    ("LGAMMA1", "(lgamma(1+t) + euler t) / t^2, |t| <= 1/2 (lgamma near 1)",
     lambda t: (mp.loggamma(1 + t) + mp.euler * t) / t**2, (-0.5, 0.5), 30, mp.pi**2 / 12),
    ("LGAMMA2", "(lgamma(2+t) - (1 - euler) t) / t^2, -1/2 <= t <= 1 (lgamma near 2)",
     lambda t: (mp.loggamma(2 + t) - (1 - mp.euler) * t) / t**2, (-0.5, 1.0), 24,
     (mp.pi**2 / 6 - 1) / 2),
    ("STIRLING", "x (lgamma(x) - (x - 1/2) log x + x - log(2 pi)/2) in z = 1/x^2, x >= 10",
     lambda z: (lambda x: x * (mp.loggamma(x) - (x - mp.mpf(1) / 2) * mp.log(x) + x
                               - mp.log(2 * mp.pi) / 2))(1 / mp.sqrt(z)),
     (0, 0.01), 8, mp.mpf(1) / 12),
]


def fit(f, a, b, deg, at0):
    g = lambda t: at0 if t == 0 and at0 is not None else f(mp.mpf(t))
    coeffs = mp.chebyfit(g, [a, b], deg + 1)  # highest degree first
    coeffs = [float(c) for c in reversed(coeffs)]
    worst = mp.mpf(0)
    for i in range(2001):
        t = mp.mpf(a) + (mp.mpf(b) - a) * i / 2000
        p = mp.mpf(0)
        for c in reversed(coeffs):
            p = p * t + mp.mpf(c)
        worst = max(worst, abs(p / g(t) - 1))
    return coeffs, worst


# Fits whose coefficients are double-doubles (evaluated with a
# double-double Horner rule): name, doc, function, interval, degree.
DD_FITS = [
    ("RGAMMA_DD", "1/Gamma(1+t), -1/2 <= t <= 1 (tgamma, lgamma)",
     lambda t: 1 / mp.gamma(1 + t), (-0.5, 1.0), 28),
]


def fit_dd(f, a, b, deg):
    """Coefficients as [hi, lo] pairs and the maximum relative error."""
    coeffs = list(reversed(mp.chebyfit(f, [a, b], deg + 1)))
    pairs = [split(c, 2) for c in coeffs]
    worst = mp.mpf(0)
    for i in range(1001):
        t = mp.mpf(a) + (mp.mpf(b) - a) * i / 1000
        p = mp.mpf(0)
        for hi, lo in reversed(pairs):
            p = p * t + mp.mpf(hi) + mp.mpf(lo)
        worst = max(worst, abs(p / f(t) - 1))
    return pairs, worst


# Constants split into f64 parts whose sum is the constant to ~2^-160.
SPLITS = [
    ("LN2", "ln 2", mp.log(2), 2),
    ("INV_LN2", "1 / ln 2", 1 / mp.log(2), 2),
    ("INV_LN10", "1 / ln 10", 1 / mp.log(10), 2),
    ("PI", "pi", mp.pi, 2),
    ("TWO_THIRDS", "2 / 3", mp.mpf(2) / 3, 2),
    ("PI_2", "pi / 2", mp.pi / 2, 3),
    ("PI_4", "pi / 4", mp.pi / 4, 2),
    ("EULER", "Euler's constant", +mp.euler, 2),
    ("ONE_MINUS_EULER", "1 - Euler's constant", 1 - mp.euler, 2),
    ("HALF_LN_2PI", "log(2 pi) / 2", mp.log(2 * mp.pi) / 2, 2),
    ("LN_PI", "log(pi)", mp.log(mp.pi), 2),
]


def split(value, parts):
    out = []
    for _ in range(parts):
        out.append(float(value))
        value -= mp.mpf(out[-1])
    return out


def main():
    print("//! Polynomial coefficients of the math library, lowest degree first,")
    print("//! and constants split into `f64` parts (`[hi, lo, ...]`).")
    print("//! Generated by `gen/coeffs.py` (mpmath Chebyshev fits); do not edit.")
    print("// The splits are exact head/tail pairs, not approximations of `std` constants.")
    print("#![allow(clippy::approx_constant)]")
    print()
    for name, doc, value, parts in SPLITS:
        print(f"/// {doc} as {parts} parts.")
        print(f"pub const {name}: [f64; {parts}] = {[float(v) for v in split(value, parts)]!r};")
        print()
    mp.mp.dps = 500
    chunks = [int(mp.floor(2 / mp.pi * mp.mpf(2) ** (24 * (i + 1)))) % (1 << 24) for i in range(48)]
    mp.mp.dps = 60
    print("/// The bits of 2/pi in 24-bit chunks: 2/pi = sum of `c[i] * 2^(-24 (i + 1))`")
    print("/// (Payne–Hanek reduction of huge arguments).")
    print(f"pub const TWO_OVER_PI_24: [f64; {len(chunks)}] = [")
    for c in chunks:
        print(f"    {float(c)!r},")
    print("];")
    print()
    for name, doc, f, (a, b), deg, at0 in FITS:
        coeffs, err = fit(f, a, b, deg, at0)
        if name == "ERF":
            coeffs[0] = float(mp.mpf(coeffs[0]) - 1)
        print(f"/// {doc}; max relative error {float(err):.1e}.")
        print(f"pub const {name}: [f64; {len(coeffs)}] = [")
        for c in coeffs:
            print(f"    {c!r},")
        print("];")
        print()
    for name, doc, f, (a, b), deg in DD_FITS:
        pairs, err = fit_dd(f, a, b, deg)
        print(f"/// {doc}, as `[hi, lo]` pairs; max relative error {float(err):.1e}.")
        print(f"pub const {name}: [[f64; 2]; {len(pairs)}] = [")
        for hi, lo in pairs:
            print(f"    [{hi!r}, {lo!r}],")
        print("];")
        print()


# ---------------------------------------------------------------- float32
# Polynomials of the float32 algorithms (`mathlib/single.rs`). Fitted the
# same way, then each coefficient rounded to f32; the error printed is that
# of the f32-rounded polynomial evaluated exactly, against the tail itself,
# which the algorithm's error budget takes as given.
F32_FITS = [
    ("EXP_F32", "(e^r - 1) / r for |r| <= ln2/2 (f32 exp, pow)",
     lambda r: mp.expm1(r) / r, (-0.3466, 0.3466), 6, mp.mpf(1)),
    ("EXP2_F32", "(2^r - 1) / r for |r| <= 1/2 (f32 exp2)",
     lambda r: mp.expm1(r * mp.log(2)) / r, (-0.5, 0.5), 6, mp.log(2)),
    ("LOG_F32", "(log(1+f) - f) / f^2 for sqrt(1/2)-1 <= f <= sqrt(2)-1 (f32 log)",
     lambda f: (mp.log1p(f) - f) / f**2, (-0.2929, 0.4143), 9, -mp.mpf(1) / 2),
    ("LOG_HP_F32", "(log((1+s)/(1-s)) - 2s - 2s^3/3) / s^5 in z = s^2, s <= 3-2*sqrt(2) (f32 pow)",
     lambda z: (mp.log((1 + mp.sqrt(z)) / (1 - mp.sqrt(z))) - 2 * mp.sqrt(z) - 2 * mp.sqrt(z) ** 3 / 3) / (mp.sqrt(z) * z * z),
     (0, 0.02944), 3, mp.mpf(2) / 5),
    ("SIN_F32", "(sin(r) - r) / r^3 in z = r^2, |r| <= pi/4 (f32 sin, cos, tan)",
     lambda z: (mp.sin(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 0.6169), 3, -mp.mpf(1) / 6),
    ("COS_F32", "(cos(r) - 1) / r^2 in z = r^2, |r| <= pi/4 (f32 sin, cos, tan)",
     lambda z: (mp.cos(mp.sqrt(z)) - 1) / z, (0, 0.6169), 4, -mp.mpf(1) / 2),
    ("EXPM1_F32", "(e^r - 1 - r) / r^2 for |r| <= ln2/2 (f32 expm1)",
     lambda r: (mp.expm1(r) - r) / r**2, (-0.3466, 0.3466), 5, mp.mpf(1) / 2),
    ("TANH_F32", "(tanh(x) - x) / x^3 in z = x^2, |x| <= 0.55 (f32 tanh)",
     lambda z: (mp.tanh(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 0.3025), 4, -mp.mpf(1) / 3),
    ("SINH_F32", "(sinh(x) - x) / x^3 in z = x^2, |x| <= 1 (f32 sinh)",
     lambda z: (mp.sinh(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 1.0), 3, mp.mpf(1) / 6),
    ("ATAN_F32", "(atan(t) - t) / t^3 in z = t^2, |t| <= 1 (f32 atan, atan2)",
     lambda z: (mp.atan(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 1.0), 9, -mp.mpf(1) / 3),
    ("ASIN_F32", "(asin(s) - s) / s^3 in z = s^2, |s| <= 1/2 (f32 asin, acos)",
     lambda z: (mp.asin(mp.sqrt(z)) - mp.sqrt(z)) / (mp.sqrt(z) * z), (0, 0.25), 5, mp.mpf(1) / 6),
    ("ERF_F32", "erf(x) / x in z = x^2, |x| <= 1 (f32 erf, erfc; the constant term is stored minus 1)",
     lambda z: mp.erf(mp.sqrt(z)) / mp.sqrt(z), (0, 1.0), 7, 2 / mp.sqrt(mp.pi)),
    ("ERFC0_F32", "erfc(x) e^(x^2) in u = x - 1/2, 1/2 <= x <= 1 (f32 erf, erfc)",
     lambda u: mp.erfc(u + 0.5) * mp.exp((u + 0.5) ** 2), (0, 0.5), 8, None),
    ("ERFC1_F32", "erfc(x) e^(x^2) in u = x - 1, 1 <= x <= 2 (f32 erf, erfc)",
     lambda u: mp.erfc(u + 1) * mp.exp((u + 1) ** 2), (0, 1.0), 8, None),
    ("ERFC2_F32", "erfc(x) e^(x^2) in u = x - 2, 2 <= x <= 3.5 (f32 erf, erfc)",
     lambda u: mp.erfc(u + 2) * mp.exp((u + 2) ** 2), (0, 1.5), 8, None),
    ("ERFC3_F32", "erfc(x) e^(x^2) in u = x - 3.5, 3.5 <= x <= 6 (f32 erf, erfc)",
     lambda u: mp.erfc(u + 3.5) * mp.exp((u + 3.5) ** 2), (0, 2.5), 8, None),
    ("ERFC4_F32", "erfc(x) e^(x^2) in t = 1/x, 6 <= x <= 28 (f32 erf, erfc; unshifted: 1/x - 1/28 would round)",
     lambda t: mp.erfc(1 / t) * mp.exp(1 / t ** 2), (1 / 28.0, 1 / 6.0), 8, None),
]

# float32 constants: (name, doc, value, bits of the head). A head of `bits`
# significant bits times an integer of `24 - bits` bits is exact in f32;
# `None` leaves the head a plain f32 rounding. The tail is the f32 nearest
# the rest.
F32_SPLITS = [
    ("LN2_F32", "ln 2: a 16-bit head (k * head exact for |k| < 256) and a tail", mp.log(2), 16),
    ("INV_LN2_F32", "1 / ln 2", 1 / mp.log(2), None),
    ("INV_LN10_F32", "1 / ln 10", 1 / mp.log(10), None),
    ("LOG10_2_F32", "log10(2): a 16-bit head and a tail", mp.log10(2), 16),
    ("TWO_THIRDS_F32", "2 / 3", mp.mpf(2) / 3, None),
    ("FRAC_PI_2_F32", "pi / 2", mp.pi / 2, None),
    ("PI_F32", "pi", mp.pi, None),
]


def f32(x):
    """x rounded to the nearest f32 (round half even), as an mpf."""
    x = mp.mpf(x)
    if x == 0:
        return x
    e = int(mp.floor(mp.log(abs(x), 2)))
    q = mp.mpf(2) ** (e - 23)
    n = x / q
    r = mp.nint(n)
    if abs(n - mp.floor(n) - mp.mpf(1) / 2) == 0 and int(mp.floor(n)) % 2 == 0:
        r = mp.floor(n)
    return r * q


def head(x, bits):
    e = int(mp.floor(mp.log(abs(x), 2)))
    q = mp.mpf(2) ** (e - bits + 1)
    return mp.nint(x / q) * q


def fit32(f, a, b, deg, at0, shift=0):
    """The fit's coefficients rounded to f32 (the constant term less
    `shift` before rounding) and the maximum relative error of the
    polynomial with `shift` added back."""
    g = lambda t: at0 if t == 0 and at0 is not None else f(mp.mpf(t))
    exact = list(reversed(mp.chebyfit(g, [a, b], deg + 1)))
    exact[0] -= shift
    coeffs = [f32(c) for c in exact]
    worst = mp.mpf(0)
    for i in range(2001):
        t = mp.mpf(a) + (mp.mpf(b) - a) * i / 2000
        p = mp.mpf(0)
        for c in reversed(coeffs):
            p = p * t + c
        worst = max(worst, abs((p + shift) / g(t) - 1))
    return [float(c) for c in coeffs], worst


def f32_repr(v):
    """The shortest decimal that reads back as the f32 `v` (as Rust prints
    an f32): the generated constants are exact f32s."""
    import struct
    rt = lambda x: struct.unpack("f", struct.pack("f", x))[0]
    for digits in range(1, 10):
        s = f"{v:.{digits}g}"
        if rt(float(s)) == v:
            return repr(float(s)) if "e" not in s else s
    return repr(v)


def main32():
    for name, doc, value, bits in F32_SPLITS:
        hi = head(value, bits) if bits else f32(value)
        lo = f32(value - hi)
        print(f"/// {doc}, as `[head, tail]` f32s.")
        print(f"pub const {name}: [f32; 2] = [{f32_repr(float(hi))}, {f32_repr(float(lo))}];")
        print()
    for name, doc, f, (a, b), deg, at0 in F32_FITS:
        coeffs, err = fit32(f, a, b, deg, at0, 1 if name == "ERF_F32" else 0)
        print(f"/// {doc}; f32 coefficients, max relative error {float(err):.1e}.")
        print(f"pub const {name}: [f32; {len(coeffs)}] = [")
        for c in coeffs:
            print(f"    {f32_repr(c)},")
        print("];")
        print()


if __name__ == "__main__":
    main()
    main32()
