"""161: NumPy's NaN-aware reductions and argmin/argmax (NaNs skipped by the
nan* functions, the first NaN taken by min/max/argmin/argmax, all-NaN
inputs), over a strided view, float32, integers, uint64 and complex64,
against NumPy."""
import numpy as np
from harness import Case

SRC = "161_array_reductions_nan.py"


def _lexi(z, pick):
    """Numba's nanmin/nanmax of complex numbers: a NaN real part is
    replaced, else by real part, then imaginary."""
    best = z[0]
    for v in z[1:]:
        if np.isnan(best.real) and not np.isnan(v.real):
            best = v
        elif pick(v.real, best.real):
            best = v
        elif v.real == best.real and pick(v.imag, best.imag):
            best = v
    return best


def expect(args):
    x, f, k, u, z, out, iout, zout = [a.copy() for a in args]
    with np.errstate(all="ignore"):
        out[0] = np.nanmin(x)
        out[1] = np.nanmax(x)
        out[2] = np.nansum(x)
        out[3] = np.nanprod(x[0])
        out[4] = np.nanmean(x)
        out[5] = np.nanmean(f.astype(np.float64))
        out[6] = np.nansum(f)
        out[7] = np.min(x)
        out[8] = np.max(f)
        out[9] = np.nanmin(f) - np.nanmax(f)
    iout[0] = np.nansum(k, dtype=np.int64)
    iout[1] = np.nanprod(k, dtype=np.int64)
    iout[2] = np.nanmin(k)
    iout[3] = np.nanmax(k)
    iout[4] = np.nansum(u.view(np.int64))
    iout[5] = np.argmin(x)
    iout[6] = np.argmax(x)
    iout[7] = np.argmin(f) * 100 + np.argmax(f)
    iout[8] = np.argmin(k) * 100 + np.argmax(u)
    iout[9] = np.count_nonzero(f)
    nn = z[~np.isnan(z)]
    zout[0] = np.sum(nn)
    zout[1] = np.mean(nn.astype(np.complex128)) if len(nn) else complex(np.nan, np.nan)
    zout[2] = _lexi(z, lambda a, b: a < b)
    zout[3] = _lexi(z, lambda a, b: a > b)
    zout[4] = np.prod(z[:2][~np.isnan(z[:2])])
    return {5: out, 6: iout, 7: zout}


def inputs(rng, kind):
    big = rng.uniform(-2, 2, (4, 6))
    x = big[::2, 1::2]  # a strided view (layout A)
    f = rng.uniform(-3, 3, 7).astype(np.float32)
    k = rng.integers(-40, 40, 6).astype(np.int16)
    u = rng.integers(0, 2**60, 5).astype(np.uint64)
    z = (rng.uniform(-1, 1, 5) + 1j * rng.uniform(-1, 1, 5)).astype(np.complex64)
    if kind == "nan":
        x[0, 1] = np.nan
        x[1, 0] = np.nan
        x[1, 2] = -np.inf
        f[2] = np.nan
        f[5] = np.nan
        u[3] = 2**64 - 3
        z[1] = complex(np.nan, 1.0)
        z[3] = complex(z[0].real, 0.75)
    elif kind == "all_nan":
        x[:] = np.nan
        f[:] = np.nan
        z[:] = complex(np.nan, np.nan)
    return [x, f, k, u, z, np.zeros(10), np.zeros(10, np.int64), np.zeros(5, np.complex128)]


# The simulator runs NumPy's nanmin/nanmax, which give nan+0j for complex
# numbers that are all NaN; numba-cuda's compiled loop keeps the first
# element (nan+nanj), as kernelc does.
SIM_SKIP = {"all_nan": "NumPy's nanmin of all-NaN complex numbers (nan+0j) is not numba-cuda's (the first element)"}

CASES = [
    Case(SRC, "nan_reductions", grid=(1,), block=(1,), name=kind,
         args=lambda rng, s=kind: inputs(rng, s), expect=expect, rtol=1e-5, atol=1e-6,
         numba_skip=SIM_SKIP.get(kind))
    for kind in ("random", "nan", "all_nan")
]
