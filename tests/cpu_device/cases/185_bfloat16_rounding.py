"""185: bfloat16 rounding, bit for bit, against an exact reference: every
result is the exact value (Python's Fraction) rounded once to bfloat16 by
the mode (to nearest with ties to even, toward zero, down, up), NaN the
canonical 0x7fff. Numba's simulator has no bfloat16 (its
``numba.cuda.bf16.bfloat16`` is None), so this case is checked against this
reference alone; ml_dtypes agrees with it on the float32 conversions."""
import math
from fractions import Fraction

import numpy as np
from harness import Case

N = 400
MAX = (2 - Fraction(1, 128)) * Fraction(2) ** 127


def to_bits(x, mode="rn"):
    """The bfloat16 bits of the exact value `x` (a Fraction, or a float
    NaN / infinity) rounded by `mode`."""
    if isinstance(x, float):
        if math.isnan(x):
            return 0x7FFF
        if math.isinf(x):
            return 0x7F80 if x > 0 else 0xFF80
        x = Fraction(x)
    sign = 0x8000 if x < 0 else 0
    m = abs(x)
    if m == 0:
        return sign
    e = max(m.numerator.bit_length() - m.denominator.bit_length(), -126)
    while Fraction(2) ** e > m:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    e = max(e, -126)
    ulp = Fraction(2) ** (e - 7)
    q = m / ulp
    lo = math.floor(q)
    up = {
        "rn": q - lo > Fraction(1, 2) or (q - lo == Fraction(1, 2) and lo % 2 == 1),
        "rz": False,
        "rd": q != lo and sign != 0,
        "ru": q != lo and sign == 0,
    }[mode]
    r = (lo + up) * ulp
    if r > MAX:
        return sign | 0x7F80
    if r == 0:
        return sign
    # The bits of r: exponent and fraction.
    if r < Fraction(2) ** -126:
        bits = int(r / Fraction(2) ** -133)
    else:
        ee = e if (lo + up) < 256 else e + 1
        frac = int(r / Fraction(2) ** (ee - 7)) - 128
        bits = ((ee + 127) << 7) | frac
    return sign | bits


def value(bits):
    """The exact value of bfloat16 bits (finite)."""
    sign = -1 if bits & 0x8000 else 1
    e = (bits >> 7) & 0xFF
    f = bits & 0x7F
    if e == 0:
        return sign * Fraction(f) * Fraction(2) ** -133
    return sign * Fraction(128 + f) * Fraction(2) ** (e - 134)


def args(rng):
    f = (rng.standard_normal(N) * 10.0 ** rng.integers(-6, 6, N)).astype(np.float32)
    f[:8] = [np.inf, -np.inf, np.nan, 1e-40, -1e-41, 3.3961e38, 1.00390625, 1.01171875]
    d = rng.standard_normal(N) * 10.0 ** rng.integers(-3, 4, N)
    d[np.abs(d) < 1e-3] = 1.5
    # Halfway between bfloat16 neighbours, and a hair above: the first
    # rounds to even, the second up (a float32 rounded to nearest would
    # land on the half and go to even).
    d[:3] = [1.00390625, 1.00390625 + 2.0 ** -40, -(1.01171875 + 2.0 ** -45)]
    n = rng.integers(-(2**62), 2**62, N)
    n[:4] = [(1 << 40) + (1 << 32), (1 << 40) + (1 << 32) + 1, -((1 << 50) + (1 << 42) + 1), 789]
    n[4:N // 2] = rng.integers(-(2**20), 2**20, N // 2 - 4)
    return [f, d, n, np.zeros((12, N), np.int16)]


def expect(a):
    f, d, n, _ = a
    rows = [[] for _ in range(12)]
    for x, y, k in zip(f.tolist(), d.tolist(), n.tolist()):
        fx = Fraction(x) if math.isfinite(x) else x
        for r, mode in enumerate(["rn", "rz", "rd", "ru"]):
            rows[r].append(to_bits(fx, mode))
        rows[4].append(to_bits(Fraction(y)))
        rows[5].append(to_bits(Fraction(k)))
        rows[6].append(to_bits(Fraction(k), "rd"))
        k32 = (k + 2**31) % 2**32 - 2**31
        rows[7].append(to_bits(Fraction(k32), "ru"))
        a_bits, b_bits, c_bits = to_bits(Fraction(y)), to_bits(Fraction(k)), rows[0][-1]
        av, bv = value(a_bits), value(b_bits)
        if c_bits & 0x7F80 == 0x7F80:
            # c is infinite or NaN: so are the results (IEEE arithmetic).
            rows[8].append(to_bits(float(av * bv) + x))
            rows[9].append(to_bits(float(av) + x))
            rows[10].append(to_bits(float(av) * x))
            rows[11].append(to_bits(x / float(av)))
            continue
        cv = value(c_bits)
        rows[8].append(to_bits(av * bv + cv))
        rows[9].append(to_bits(av + cv))
        rows[10].append(to_bits(av * cv))
        rows[11].append(to_bits(cv / av))
    out = np.array(rows, dtype=np.uint16).view(np.int16)
    return {3: out}


CASES = [
    Case("185_bfloat16_rounding.py", "bf16_round", grid=(2,), block=(256,), args=args, expect=expect),
]
