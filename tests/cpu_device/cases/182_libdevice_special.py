"""182: libdevice's remquo against exact rational arithmetic (the remainder
and the low three bits of the quotient rounded to nearest even, with the
quotient's sign; NVIDIA's libdevice gives these bits, as
tests/emucuda/test_libdevice_numba.py checks), and the inverse error
functions and erfcx against Python's `statistics.NormalDist().inv_cdf`
(Wichura's AS241) and `exp(x * x) * erfc(x)`."""
import math
from fractions import Fraction
from statistics import NormalDist

import numpy as np
from harness import Case

f32, f64 = np.float32, np.float64
SRC = "182_libdevice_special.py"
N = 64
NO_LIBDEVICE = ("Numba's simulator has no libdevice functions (its stubs return None); real "
                "Numba CUDA runs every one in tests/emucuda/test_libdevice_numba.py")


def remquo_args(rng):
    x = rng.uniform(-100, 100, N) * 10.0 ** rng.integers(0, 12, N)
    y = rng.uniform(0.5, 8, N) * rng.choice([-1.0, 1.0], N)
    x[:6] = [10.0, -10.0, 7.5, 3.0, 5.0, 1e300]
    y[:6] = [3.0, 3.0, 2.0, 2.0, 2.0, 3.0]
    return [x, y, np.zeros(N), np.zeros(N, np.int32), np.zeros(N, f32), np.zeros(N, np.int32)]


def remquo_ref(x, y):
    if not math.isfinite(x) or y == 0:
        return math.nan, 0  # 1e300 as float32 is inf
    q = Fraction(float(x)) / Fraction(float(y))
    n = round(q)  # Python rounds a Fraction's tie to even
    r = math.remainder(float(x), float(y))
    bits = abs(n) % 8
    return r, -bits if q < 0 else bits


def remquo_expect(a):
    x, y = a[0], a[1]
    r, q = np.zeros(N), np.zeros(N, np.int32)
    rf, qf = np.zeros(N, f32), np.zeros(N, np.int32)
    for i in range(N):
        r[i], q[i] = remquo_ref(x[i], y[i])
        r32, qf[i] = remquo_ref(f32(x[i]), f32(y[i]))
        rf[i] = f32(r32)
    return {2: r, 3: q, 4: rf, 5: qf}


def inverses_args(rng):
    p = rng.uniform(0.001, 0.87, N)
    p[:4] = [0.5, 0.25, 0.001, 0.87]
    return [p, np.zeros((N, 4)), np.zeros((N, 4), f32)]


def references(y, z, p, x):
    """(erfinv(y), erfcinv(z), normcdfinv(p), erfcx(x)) in float64."""
    nd = NormalDist()
    return [nd.inv_cdf((y + 1) / 2) / math.sqrt(2), -nd.inv_cdf(z / 2) / math.sqrt(2),
            nd.inv_cdf(p), math.exp(x * x) * math.erfc(x)]


def inverses_expect(a):
    out = np.zeros((N, 4))
    out32 = np.zeros((N, 4), f32)
    for i in range(N):
        v = float(a[0][i])
        args = [2.0 * v - 1.0, 2.0 * v, v, 40.0 * v - 10.0]
        out[i] = references(*args)
        # The float32 functions take their argument rounded to float32.
        out32[i] = references(*(float(f32(w)) for w in args))
    return {1: out, 2: out32}


CASES = [
    Case(SRC, "remquos", grid=(2,), block=(32,), args=remquo_args, expect=remquo_expect,
         numba_skip=NO_LIBDEVICE),
    Case(SRC, "inverses", grid=(2,), block=(32,), args=inverses_args, expect=inverses_expect,
         rtol=1e-12, atol=1e-14, numba_skip=NO_LIBDEVICE),
]
