"""116: complex numbers, against references computed in Python with
numba-cuda's semantics: complex128 arithmetic is CPython's (Numba uses
CPython's product and quotient algorithms), complex64 arithmetic is the same
formulas in float32 (emulated with NumPy float32 scalars), and the cmath
functions are compared with CPython's cmath within a few ulps (kernelc's
math library is not CPython's libm)."""
import cmath
import math

import numpy as np
from harness import Case, fma

f32, f64, c64, c128 = np.float32, np.float64, np.complex64, np.complex128
SRC = "116_complex.py"
N = 64


def cplx(rng, n, dtype, scale=3.0):
    return (rng.uniform(-scale, scale, n) + 1j * rng.uniform(-scale, scale, n)).astype(dtype)


def mul32(x, y, fused=False):
    """complex64 product as Numba computes it: float32 parts; at -O2 the
    imaginary part's sum of products is fused (its left product), the real
    part's difference is not."""
    a, b, c, d = f32(x.real), f32(x.imag), f32(y.real), f32(y.imag)
    im = fma(a, d, b * c) if fused else a * d + b * c
    return complex(f32(a * c - b * d), f32(im))


def mul128(x, y):
    """complex128 product at -O2 (see mul32)."""
    a, b, c, d = f64(x.real), f64(x.imag), f64(y.real), f64(y.imag)
    return complex(a * c - b * d, fma(a, d, b * c))


def div128(x, y):
    """complex128 quotient at -O2: CPython's algorithm (`_Py_c_quot`, as
    Numba), with its sums of a product fused."""
    a, b, c, d = f64(x.real), f64(x.imag), f64(y.real), f64(y.imag)
    if abs(c) >= abs(d):
        ratio = d / c
        denom = fma(d, ratio, c)
        return complex(fma(b, ratio, a) / denom, (b - a * ratio) / denom)
    ratio = c / d
    denom = fma(c, ratio, d)
    return complex(fma(a, ratio, b) / denom, (b * ratio - a) / denom)


def add32(x, y):
    return complex(f32(f32(x.real) + f32(y.real)), f32(f32(x.imag) + f32(y.imag)))


# ------------------------------------------------------------------- arith


def arith_args(rng):
    return [cplx(rng, N, c64), cplx(rng, N, c128), c64(0.75 - 1.25j), np.zeros(N, c128)]


def arith_expect(args, fused=False):
    a, b, s = args[0], args[1], complex(args[2])
    out = np.zeros(N, c128)
    for i in range(N):
        if fused:
            z = complex(mul32(a[i], s, fused)) - div128(complex(a[i]), s + 1)
            w = mul128(complex(b[i]), z) + 2 - 0.5j
        else:
            z = complex(mul32(a[i], s)) - complex(a[i]) / (s + 1)
            w = complex(b[i]) * z + 2 - 0.5j
        out[i] = -w.conjugate() + abs(z) / (1 + 1j)
    return {3: out}


# --------------------------------------------------------------- promotion


def promotion_args(rng):
    return [cplx(rng, N, c64), rng.integers(-9, 9, N).astype(np.int32),
            rng.uniform(-2, 2, N).astype(f32), rng.uniform(-2, 2, N), np.zeros(N, c128),
            np.zeros(N, c64)]


def promotion_expect(args):
    z, k, x, y = args[:4]
    wide = np.array([complex(z[i]) * complex(int(k[i])) + float(y[i]) for i in range(N)], c128)
    narrow = np.array([add32(mul32(z[i], complex(x[i])), 3 + 0j) for i in range(N)], c64)
    return {4: wide, 5: narrow}


# ------------------------------------------------------------------- parts


def parts_args(rng):
    z = cplx(rng, N, c128)
    z[:6] = [0j, -0.0 + 0j, 1j, -2 + 0j, 3 - 4j, -1e-300 + 1e300j]
    return [z] + [np.zeros(N) for _ in range(4)] + [np.zeros(N, c128)]


def parts_expect(args):
    z = args[0]
    r = np.hypot(z.real, z.imag)
    phi = np.arctan2(z.imag, z.real)
    back = np.array([cmath.rect(r[i], phi[i]) + 2.5 for i in range(N)], c128)
    return {1: z.real.copy(), 2: z.imag.copy(), 3: r, 4: phi, 5: back}


# ---------------------------------------------------------- cmath functions

UNARY = ["sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
         "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]
UNARY32 = ["sqrt", "exp", "log", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
           "asinh", "atanh"]
WIDE32 = ["log10", "tanh", "acosh"]


def elementary_args(rng):
    z = cplx(rng, N, c128)
    # Small, large and axis values, away from the branch cuts' exact lines.
    z[:8] = [0.5 + 0.25j, -0.5 - 0.25j, 1e-8 + 2e-8j, 40 - 30j, -25 + 0.5j, 0.1 + 2j,
             2.5 - 0.1j, 300 + 300j]
    return [z, np.zeros((N, len(UNARY)), c128)]


def elementary_expect(args):
    z = args[0]
    out = np.array([[getattr(cmath, f)(complex(v)) for f in UNARY] for v in z], c128)
    return {1: out}


def elementary32_args(rng):
    z = cplx(rng, N, c64, scale=2.0)
    z[:4] = [0.5 + 0.25j, -0.5 - 0.25j, 1e-3 + 2e-3j, 8 - 6j]
    return [z, np.zeros((N, len(UNARY32)), c64), np.zeros((N, len(WIDE32)), c128)]


def elementary32_expect(args):
    z = args[0]
    out = np.array([[getattr(cmath, f)(complex(v)) for f in UNARY32] for v in z], c64)
    wide = np.array([[getattr(cmath, f)(complex(v)) for f in WIDE32] for v in z], c128)
    return {1: out, 2: wide}


# -------------------------------------------------------------- predicates


def predicates_args(rng):
    z = cplx(rng, N, c128)
    nan, inf = math.nan, math.inf
    z[:10] = [0j, complex(nan, 0), complex(0, nan), complex(inf, 1), complex(1, -inf),
              complex(nan, inf), 1j, 0j, complex(-0.0, 0), complex(0, -0.0)]
    return [z, np.zeros((N, 7), np.bool_)]


def predicates_expect(args):
    z = args[0]
    flags = np.stack([np.isnan(z), np.isinf(z), np.isfinite(z), z == z[0], z != 1j, z == 0,
                      z != 0], axis=1)
    return {1: flags}


# -------------------------------------------------------- device functions


def device_args(rng):
    z = cplx(rng, N, c64)
    lim = rng.uniform(0.5, 3, N)
    return [z, lim, np.zeros(N, c128)]


def device_expect(args):
    z, lim = args[0], args[1]
    out = np.zeros(N, c128)
    for i in range(N):
        r = complex(z[i])
        for _ in range(i % 4):
            r = r * 1j
        m = float(np.hypot(f32(z[i].real), f32(z[i].imag)))
        clipped = complex(z[i]) * (lim[i] / m) if m > lim[i] else 0j
        out[i] = r + clipped
    return {2: out}


# --------------------------------------------------------------- construct

BLOCK = 32


def construct_args(rng):
    x = rng.uniform(-2, 2, N).astype(f32)
    y = rng.uniform(-2, 2, N)
    x[:3] = [0.0, -0.0, 1.5]
    return [x, y, np.zeros(N, c64), np.zeros(N, c128)]


def construct_expect(args):
    x, y = args[0], args[1]
    out32 = np.zeros(N, c64)
    stage = np.zeros(N, c128)
    for i in range(N):
        acc = [complex(x[i], x[i]), complex(f32(y[i])), complex(c64(complex(i))),
               complex(c64(float(x[i]) * 1j))]
        stage[i] = complex(y[i], -y[i]) if y[i] > 0 else (acc[0] or acc[1])
        total = 0j
        for a in acc:
            total += a
        out32[i] = total
    t = np.arange(N) % BLOCK
    neighbour = np.arange(N) - t + (t + 1) % BLOCK
    return {2: out32, 3: stage + stage[neighbour]}


# --------------------------------------------------------------------- dft


def dft_args(rng):
    return [rng.standard_normal(N), np.zeros(N, c128)]


def dft_expect(args):
    x = args[0]
    out = np.zeros(N, c128)
    for k in range(N):
        acc = 0j
        for j in range(N):
            acc += x[j] * cmath.exp(-2j * math.pi * k * j / N)
        out[k] = acc
    return {1: out}


# -------------------------------------------------------------- mandelbrot

H, W = 24, 32


def mandelbrot_args(rng):
    re = np.linspace(-2.2, 0.8, W)
    im = np.linspace(-1.3, 1.3, H)
    c = (re[None, :] + 1j * im[:, None]).astype(c128)
    return [c, np.zeros((H, W), np.int32), np.int32(40)]


def mandelbrot_expect(args):
    c, max_iter = args[0], int(args[2])
    counts = np.zeros((H, W), np.int32)
    for i in range(H):
        for j in range(W):
            z, n = 0j, 0
            while n < max_iter and abs(z) <= 2.0:
                z = z * z + complex(c[i, j])
                n += 1
            counts[i, j] = n
    return {1: counts}


CASES = [
    Case(SRC, "arith", grid=(2,), block=(32,), args=arith_args, expect=arith_expect, rtol=1e-15,
         fused=lambda a: arith_expect(a, fused=True),
         numba_skip="the simulator multiplies complex64 values with NumPy, which does not round "
                    "each float32 product as numba-cuda's formula does"),
    Case(SRC, "promotion", grid=(2,), block=(32,), args=promotion_args, expect=promotion_expect),
    Case(SRC, "parts", grid=(2,), block=(32,), args=parts_args, expect=parts_expect, rtol=1e-15),
    Case(SRC, "elementary", grid=(2,), block=(32,), args=elementary_args,
         expect=elementary_expect, rtol=1e-13, atol=1e-300),
    Case(SRC, "elementary32", grid=(2,), block=(32,), args=elementary32_args,
         expect=elementary32_expect, rtol=2e-6, atol=1e-30),
    Case(SRC, "predicates", grid=(2,), block=(32,), args=predicates_args,
         expect=predicates_expect),
    Case(SRC, "device_functions", grid=(2,), block=(32,), args=device_args,
         expect=device_expect, rtol=1e-6),
    Case(SRC, "construct", grid=(2,), block=(BLOCK,), args=construct_args,
         expect=construct_expect,
         numba_skip="the simulator sums `total = 0j; total += acc[k]` in complex64 (NumPy 2 "
                    "treats the Python complex as weak); Numba types total as complex128"),
    Case(SRC, "dft", grid=(2,), block=(32,), args=dft_args, expect=dft_expect, rtol=1e-12,
         atol=1e-12),
    Case(SRC, "mandelbrot", grid=(3, 4), block=(8, 8), args=mandelbrot_args,
         expect=mandelbrot_expect),
]


# ------------------------------------------------------------------- power


def power_args(rng):
    a, b = cplx(rng, N, c128, 2.0), cplx(rng, N, c128, 2.0)
    a[:4] = [0j, 1 + 0j, 2 + 0j, -1 + 0j]
    b[:4] = [0j, 0.5 + 0.5j, 2 + 0j, 0.5 + 0j]
    return [a, b, cplx(rng, N, c64, 1.5), np.zeros(N, c128), np.zeros(N, c64)]


def cpow(a, b):
    """numba-cuda's complex power (numba/cuda/mathimpl.py), for complex128."""
    if b.real == 0.0 and b.imag == 0.0:
        return 1 + 0j
    if a.real == 0.0 and b.real == 0.0:
        return 0j
    vabs = math.hypot(a.real, a.imag)
    length = math.pow(vabs, b.real)
    at = math.atan2(a.imag, a.real)
    phase = at * b.real
    if b.imag != 0.0:
        length /= math.exp(at * b.imag)
        phase += b.imag * math.log(vabs)
    return length * (complex(math.cos(phase)) + complex(math.sin(phase)) * 1j)


def power_expect(args):
    a, b, a32 = args[0], args[1], args[2]
    out = np.array([cpow(complex(a[i]), complex(b[i])) + cpow(complex(a32[i]), 2 + 0j)
                    for i in range(N)], c128)
    return {3: out}


def power_verify(args, outputs):
    # out32 = a32 ** a32 is computed in float32 (numba-cuda's complex64
    # power), the reference in float64: equal within float32 rounding.
    a32 = args[2]
    want = np.array([cpow(complex(w), complex(w)) for w in a32], c128)
    got = outputs[4].astype(c128)
    assert np.all(np.abs(got - want) <= 4e-6 * np.abs(want)), (got, want)


CASES.append(Case(SRC, "power", grid=(2,), block=(32,), args=power_args, expect=power_expect,
                  verify=power_verify, rtol=1e-13, atol=1e-300,
                  numba_skip="the simulator computes complex ** with Python's and NumPy's power "
                             "(a32 ** 2 in complex64); numba-cuda has its own translation of "
                             "_Py_c_pow, checked against real Numba CUDA in "
                             "tests/emucuda/test_cmath_numba.py"))
