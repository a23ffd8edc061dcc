"""112: math.exp2, ldexp, frexp, modf, remainder and nextafter, math of
float16, and cuda.atomic.nanmax/nanmin, against NumPy and Python's math on
the same types. The exact functions (all but exp2 and the float16 ones)
must match bit for bit, special values (NaN, infinities, signed zeros,
subnormals) included."""
import math

import numpy as np
from harness import Case

f16, f32, f64 = np.float16, np.float32, np.float64

SRC = "112_math_rest.py"
N = 32

# Python's math raises where numba-cuda (libdevice) and kernelc give a
# value: remainder(inf, y) and remainder(x, 0) are NaN, exp2 past the
# float64 range is inf.
PY_RAISES = "Python's math (the simulator) raises ValueError/OverflowError where numba-cuda gives NaN or inf"


def special_f64(rng, n=N):
    x = rng.standard_normal(n) * 10.0 ** rng.integers(-5, 6, n)
    x[:12] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 5e-324, -1e-310, np.finfo(f64).tiny,
              np.finfo(f64).max, -2.0, 0.5, 3.0]
    return x


def special_f32(rng, n=N):
    y = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(f32)
    y[:12] = [np.nan, -np.inf, np.inf, -0.0, 0.0, 1e-45, -3e-39, np.finfo(f32).tiny,
              np.finfo(f32).max, -1.0, 0.75, 8.0]
    return y


def plain_f64(rng, n=N):
    return rng.standard_normal(n) * 10.0 ** rng.integers(-5, 6, n)


def plain_f32(rng, n=N):
    return (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(f32)


def floats(rng, special):
    return (special_f64(rng), special_f32(rng)) if special else (plain_f64(rng), plain_f32(rng))


# --------------------------------------------------------------- decompose


def decompose_args(rng, special):
    x, y = floats(rng, special)
    return [x, y, np.zeros(N), np.zeros(N, np.int32), np.zeros(N, f32), np.zeros(N, np.int32),
            np.zeros(N), np.zeros(N, f32)]


def decompose_expect(a):
    x, y = a[0], a[1]
    m, e = np.frexp(x)
    m32, e32 = np.frexp(y)
    with np.errstate(over="ignore"):
        back32 = np.ldexp(m32, e32 + 3)
    return {2: m, 3: e.astype(np.int32), 4: m32, 5: e32.astype(np.int32),
            6: np.ldexp(m, e), 7: back32.astype(f32)}


# ------------------------------------------------------------- split_parts


def split_args(rng, special):
    x, y = floats(rng, special)
    if not special:
        x[:4] = [-2.0, 7.0, -0.25, 1e17]
    return [x, y, np.zeros((N, 2)), np.zeros((N, 2), f32)]


def split_expect(a):
    frac, whole = np.modf(a[0])
    frac32, whole32 = np.modf(a[1])
    return {2: np.stack([frac, whole], axis=1), 3: np.stack([frac32, whole32], axis=1)}


# -------------------------------------------------------------- wrap_phase


def ieee_remainder(x, y):
    """IEEE remainder with numba-cuda's NaN where Python raises."""
    x, y = float(x), float(y)
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0:
        return math.nan
    return math.remainder(x, y)


def wrap_args(rng, special):
    angle = rng.uniform(-40, 40, N)
    angle32 = rng.uniform(-40, 40, N).astype(f32)
    angle32[0] = 1.5
    # Exact ties at odd and even multiples of 1/2.
    angle[1:5] = [2.5, 3.5, -2.5, -0.5]
    angle32[1:5] = [0.75, 2.25, -3.75, 1.5]
    if special:
        angle[5:12] = [np.nan, 7.0, -1e-310, -0.0, 0.0, 5e-324, 1e300]
        angle32[5:12] = [np.nan, 1.5, -1e-40, -0.0, 0.0, 1e-45, 3e38]
    if special == "invalid":
        # NaN for an infinite x or a zero y (Python raises ValueError).
        angle[5:7] = [np.inf, -np.inf]
        angle32[0] = 0.0
        angle32[5:7] = [np.inf, -np.inf]
    return [angle, angle32, np.zeros(N), np.zeros(N, f32), np.zeros(N)]


def wrap_expect(a):
    angle, angle32 = a[0], a[1]
    wrapped = np.array([ieee_remainder(v, 2 * math.pi) for v in angle])
    wrapped32 = np.array([ieee_remainder(v, angle32[0]) for v in angle32], f32)
    step = np.array([ieee_remainder(v, 1.0) + math.remainder(i, 4) for i, v in enumerate(angle)])
    return {2: wrapped, 3: wrapped32, 4: step}


# -------------------------------------------------------------- ulp_steps


def ulp_args(rng, special):
    x = special_f64(rng) if special else plain_f64(rng)
    toward = np.where(rng.integers(0, 2, N) == 1, np.inf, -np.inf)
    toward[:6] = [1.0, 0.0, 5.0, -0.0, 0.0, 5e-324]
    toward[12:16] = x[12:16]  # equal: toward is the result
    return [x, toward, np.zeros(N), np.zeros(N)]


def ulp_expect(a):
    x, toward = a[0], a[1]
    with np.errstate(over="ignore", invalid="ignore"):
        return {2: np.nextafter(x, toward), 3: np.nextafter(np.abs(x), np.inf) - np.abs(x)}


def ulp32_args(rng, special):
    y = special_f32(rng) if special else plain_f32(rng)
    toward = np.where(rng.integers(0, 2, N) == 1, np.inf, -np.inf).astype(f32)
    toward[:6] = [1.0, 0.0, 5.0, -0.0, 0.0, 1e-45]
    return [y, toward, np.zeros(N, f32)]


def ulp32_expect(a):
    with np.errstate(over="ignore"):
        return {2: np.nextafter(a[0], a[1])}


# ------------------------------------------------------------- exp2_levels


def exp2_args(rng, special):
    x = rng.uniform(-60, 60, N)
    y = rng.uniform(-30, 30, N).astype(f32)
    n = rng.integers(-1074, 1024, N).astype(np.int32)
    x[:4] = [0.5, -1.0, 10.0, -1074.0]
    if special:
        x[4:11] = [np.nan, np.inf, -np.inf, -0.0, -1100.0, 1023.5, -1074.5]
        y[4:11] = [np.nan, np.inf, -np.inf, 130.0, -160.0, 127.5, -149.0]
        n[:4] = [-1075, 1023, 0, -1022]
    if special == "invalid":
        # Past the float64 range: inf (Python raises OverflowError).
        x[4:6] = [1024.0, 1100.0]
        n[:2] = [1024, 2000]
    return [x, y, n, np.zeros(N), np.zeros(N, f32), np.zeros(N)]


def exp2_expect(a):
    with np.errstate(over="ignore"):
        return {3: np.exp2(a[0]), 4: np.exp2(a[1]), 5: np.exp2(a[2].astype(f64))}


# ---------------------------------------------------------------- half_math


def half_args(rng):
    h = rng.uniform(-8, 8, N).astype(f16)
    h[:6] = [0.0, -0.0, 2.5, -2.5, 1.0, -7.75]
    return [h, np.zeros((N, 5), f16)]


def half_expect(a):
    h = a[0]
    w = h.astype(f64)
    out = np.stack([np.sqrt(np.abs(w)), np.exp2(w), np.floor(w), np.tanh(w), np.zeros(N)], axis=1).astype(f16)
    out[:, 4] = np.ceil(h) + np.floor(-h)  # float16 arithmetic
    return {1: out}


# ------------------------------------------------------------- mixed_types


def mixed_args(rng):
    s = rng.integers(-300, 300, N).astype(np.int16)
    n = rng.integers(-20, 20, N).astype(np.int64)
    h = rng.uniform(0.5, 4, N).astype(f16)
    s[:3] = [0, 1, -1]
    return [s, n, h, np.zeros((N, 5)), np.zeros(N, np.int32)]


def mixed_expect(a):
    s, n, h = a[0], a[1], a[2]
    s32 = s.astype(f32)
    m, e = np.frexp(s32)
    rem = np.array([math.remainder(float(v), float(w)) for v, w in zip(s32, h.astype(f32))], f32)
    frac, whole = np.modf(h.astype(f64))
    out = np.stack([
        np.ldexp(s32, np.arange(N, dtype=np.int32) - 16).astype(f64),
        m.astype(f64),
        rem.astype(f64),
        frac + whole,
        np.nextafter(s.astype(f64), n.astype(f64)),
    ], axis=1)
    return {3: out, 4: e.astype(np.int32)}


# ------------------------------------------------------------- nan_extrema


def extrema_args(rng):
    x = rng.standard_normal(N).astype(f32)
    w = rng.standard_normal(N)
    k = rng.integers(-1000, 1000, N).astype(np.int32)
    x[rng.integers(0, N, 8)] = np.nan
    w[rng.integers(0, N, 8)] = np.nan
    # A stored NaN gives way to the first value; -1/1 are kept unless beaten.
    return [x, w, k, np.full(2, np.nan, f32), np.array([-1.0, 1.0]), np.zeros(2, np.int32)]


def extrema_expect(a):
    x, w, k = a[0], a[1], a[2]
    return {
        3: np.array([np.nanmax(x), np.nanmin(x)], f32),
        4: np.array([max(-1.0, np.nanmax(w)), min(1.0, np.nanmin(w))]),
        5: np.array([max(0, k.max()), min(0, k.min())], np.int32),
    }


def case(kernel, args, expect, name="", **kw):
    return Case(SRC, kernel, grid=(1,), block=(N,), args=args, expect=expect, name=name, **kw)


CASES = []
for name, special in (("random", False), ("special", True)):
    CASES += [
        case("decompose", lambda rng, s=special: decompose_args(rng, s), decompose_expect, name),
        case("split_parts", lambda rng, s=special: split_args(rng, s), split_expect, name),
        case("wrap_phase", lambda rng, s=special: wrap_args(rng, s), wrap_expect, name),
        case("ulp_steps", lambda rng, s=special: ulp_args(rng, s), ulp_expect, name),
        case("ulp_steps32", lambda rng, s=special: ulp32_args(rng, s), ulp32_expect, name,
             numba_skip="the simulator calls Python's math.nextafter, which steps by a float64 ulp; "
                        "numba-cuda's float32 nextafter (libdevice nextafterf) steps by a float32 one"),
        case("exp2_levels", lambda rng, s=special: exp2_args(rng, s), exp2_expect, name, rtol=3e-7),
    ]
CASES += [
    case("wrap_phase", lambda rng: wrap_args(rng, "invalid"), wrap_expect, "invalid", numba_skip=PY_RAISES),
    case("exp2_levels", lambda rng: exp2_args(rng, "invalid"), exp2_expect, "invalid", rtol=3e-7,
         numba_skip=PY_RAISES),
    case("half_math", half_args, half_expect, rtol=1e-3),
    case("mixed_types", mixed_args, mixed_expect),
    case("nan_extrema", extrema_args, extrema_expect),
]
