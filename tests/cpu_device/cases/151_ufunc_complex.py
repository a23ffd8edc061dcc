"""151: NumPy ufuncs of complex numbers (elementary functions, NumPy's
order in comparisons and maximum/minimum/fmax/fmin, logical ufuncs), on
scalars and into output arrays, against NumPy doing the same."""
import numpy as np
from harness import Case

SRC = "151_ufunc_complex.py"


def expect(args):
    z, w, x, zout, wout, bout = [v.copy() for v in args]
    with np.errstate(all="ignore"):
        for i in range(z.size):
            a, b = z[i], w[i]
            s = np.sin(a)
            zout[0, i] = s + np.log2(a) + np.arctanh(a)
            wout[0, i] = np.tanh(b) + np.log10(b) + np.arccosh(b)
            zout[1, i] = np.maximum(a, z[i - 1]) + np.fmin(a, x[i])
            wout[1, i] = np.minimum(b, a) + np.fmax(b, np.nan)
            bout[0, i] = np.greater(a, b) != np.less_equal(b, x[i])
            bout[1, i] = np.logical_and(a, b) or np.logical_not(a)
            bout[2, i] = np.logical_xor(x[i], b) == np.equal(a, 0.5)
            bout[3, i] = np.not_equal(a, z[i - 1]) and np.greater_equal(a, z[i - 1])
            bout[4, i] = np.less(a, b)
        np.cos(z, zout[2])
        np.arcsin(x, wout[2])
        np.maximum(z, w, wout[3])
        np.greater(w, x, bout[5])
    return {3: zout, 4: wout, 5: bout}


def inputs(rng, special):
    n = 16
    re = rng.integers(-3, 3, n) * 0.5
    im = rng.integers(-3, 3, n) * 0.5
    z = (re + 1j * im).astype(np.complex64)
    w = (rng.uniform(-2, 2, n) + 1j * rng.integers(-2, 2, n) * 0.5).astype(np.complex128)
    x = rng.integers(-2, 3, n).astype(np.float32) * np.float32(0.5)
    w[::3] = z[::3]
    if special:
        # No infinities: numba-cuda computes the complex loops with its
        # cmath implementations, whose special values are not NumPy's.
        z[:5] = [0, complex(np.nan, 0.5), complex(0.5, np.nan), 0.5, complex(2, 0)]
        w[:5] = [complex(0, np.nan), 0.5, complex(0.5, 1), complex(np.nan, np.nan), 0]
        x[:3] = [np.nan, 0.5, 0.0]
    return [z, w, x, np.zeros((4, n), np.complex64), np.zeros((4, n), np.complex128),
            np.zeros((6, n), np.bool_)]


CASES = [
    Case(SRC, "ufunc_complex", grid=(1,), block=(16,), name=name,
         args=lambda rng, s=special: inputs(rng, s), expect=expect, rtol=1e-5, atol=1e-5)
    for name, special in (("random", False), ("special", True))
]
