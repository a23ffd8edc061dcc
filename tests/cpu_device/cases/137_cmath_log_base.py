"""137: cmath.log(z, base), compared with CPython's cmath.log(z, base) (the
same log(z) / log(base)) within a few ulps of the result's precision."""
import cmath
import numpy as np
from harness import Case

SRC = "137_cmath_log_base.py"
N = 64


def _complex(rng, n, dtype):
    z = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n) + 1j * rng.standard_normal(n)
    z[:4] = [1.0, -1.0, 1j, 0.5 - 0.25j]
    return z.astype(dtype)


def _log(z, b):
    return cmath.log(complex(z), complex(b))


def base128_args(rng):
    b = _complex(rng, N, np.complex128)
    b[:3] = [2.0, 10.0, cmath.e]
    return [_complex(rng, N, np.complex128), b, np.zeros(N, np.complex128)]


def base128_expect(args):
    z, b, _ = args
    return {2: np.array([_log(z[i], b[i]) for i in range(N)], np.complex128)}


def base64_args(rng):
    f = np.abs(rng.standard_normal(N)).astype(np.float32) + np.float32(0.5)
    f[f == 1] = 2  # log(1) is 0: a division by zero
    b = _complex(rng, N, np.complex64)
    b[:4] = [2.0, 10.0, cmath.e, 3j]
    return [_complex(rng, N, np.complex64), b, f,
            np.zeros(N, np.complex64)]


def base64_expect(args):
    z, b, f, _ = args
    out = [_log(z[i], b[i]) + _log(z[i], f[i]) for i in range(N)]
    return {3: np.array(out, np.complex64)}


def mixed_args(rng):
    f = np.abs(rng.standard_normal(N)) + 0.25
    return [_complex(rng, N, np.complex64), f, rng.integers(2, 1000, N), np.zeros(N, np.complex128)]


def mixed_expect(args):
    z, f, n, _ = args
    out = [_log(z[i], f[i]) + _log(f[i], n[i]) + _log(n[i], 10) for i in range(N)]
    return {3: np.array(out, np.complex128)}


CASES = [
    Case(SRC, "log_base128", grid=(2,), block=(32,), args=base128_args, expect=base128_expect,
         rtol=1e-14),
    Case(SRC, "log_base64", grid=(2,), block=(32,), args=base64_args, expect=base64_expect,
         rtol=1e-5),
    Case(SRC, "log_base_mixed", grid=(2,), block=(32,), args=mixed_args, expect=mixed_expect,
         rtol=1e-14),
]
