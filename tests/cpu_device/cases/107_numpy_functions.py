"""107: NumPy's functions on scalars in kernels, against NumPy on the same
scalar types (float32 results within float32 rounding)."""
import numpy as np
from harness import Case

f32, f64 = np.float32, np.float64


def numpy_functions(args):
    x, y, n, out, iout = args
    out, iout = out.copy(), iout.copy()
    with np.errstate(all="ignore"):
        for i in range(x.size):
            v, w, k = x[i], y[i], n[i]
            out[i, 0] = np.log(abs(v) + 1) + f64(np.log2(abs(w) + f32(1))) + np.log10(f64(abs(k) + 1))
            out[i, 1] = np.sin(v) + f64(np.cos(w)) + np.tan(f64(k) * 0.1)
            out[i, 2] = np.arcsin(v / 4) + f64(np.arccos(w / f32(4))) + np.arctan(f64(k))
            out[i, 3] = np.sinh(v) + f64(np.cosh(w)) + np.tanh(v)
            out[i, 4] = np.arcsinh(v) + f64(np.arccosh(abs(w) + f32(1))) + np.arctanh(v / 4)
            # An integer meets a float32 in the float32 loop (Numba's ufunc_can_cast).
            out[i, 5] = np.arctan2(v, f64(w)) + f64(np.hypot(w, f32(k)))
            out[i, 6] = np.degrees(v) + f64(np.radians(w)) + np.deg2rad(f64(k)) + np.rad2deg(v)
            out[i, 7] = np.minimum(v, f64(w)) + np.maximum(v, 0.5)
            out[i, 8] = np.fmin(v, np.nan) + f64(np.fmax(f32(np.nan), w))
            out[i, 9] = np.minimum(v, np.nan) + np.isnan(v) + np.isnan(w * np.inf)
            out[i, 10] = f64(np.sin(f32(np.int16(k)))) + f64(np.tanh(w))
            iout[i, 0] = min(int(k), 3) + max(int(k), -2)
    return {3: out, 4: iout}


def numpy_functions_extra(args):
    x, y, n, out, iout = args
    out, iout = out.copy(), iout.copy()
    with np.errstate(all="ignore"):
        for i in range(x.size):
            v, w, k = x[i], y[i], n[i]
            out[i, 0] = np.sqrt(abs(v)) + np.sqrt(f64(abs(k)))
            out[i, 1] = f64(np.exp(w)) + np.expm1(v) + np.log1p(abs(v))
            out[i, 2] = np.floor(v) + f64(np.ceil(w)) + np.trunc(v * 3)
            out[i, 3] = np.rint(v * 4)
            out[i, 4] = np.sign(v) + np.sign(k)
            out[i, 5] = np.isinf(v) * 2 + 4
            out[i, 6] = f64(w * w) - v
            out[i, 7] = np.cbrt(v) + f64(np.exp2(w))
            out[i, 8] = f64(abs(k)) + np.copysign(f64(w), v)
            out[i, 9] = abs(v) + f64(abs(w))
            iout[i, 0] = abs(int(k)) + int(k)
            iout[i, 1] = int(np.int32(k) * np.int32(k)) - int(k) + int(np.sign(k))
    return {3: out, 4: iout}


def inputs(rng, special):
    x = rng.uniform(-3, 3, 32)
    y = rng.uniform(-3, 3, 32).astype(np.float32)
    n = rng.integers(-50, 50, 32).astype(np.int32)
    if special:
        x[:6] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 2.5]
        y[:6] = [1.0, np.nan, -2.0, -0.0, 0.5, np.inf]
        n[:3] = [0, -7, 7]
    return [x, y, n, np.zeros((32, 12)), np.zeros((32, 2), np.int64)]


CASES = [
    Case("107_numpy_functions.py", "numpy_functions", grid=(1,), block=(32,), name=name,
         args=lambda rng, s=special: inputs(rng, s), expect=numpy_functions, rtol=1e-6, atol=1e-6)
    for name, special in (("random", False), ("special", True))
] + [
    Case("108_numpy_functions_extra.py", "numpy_functions_extra", grid=(1,), block=(32,), name=name,
         args=lambda rng, s=special: inputs(rng, s)[:3] + [np.zeros((32, 10)), np.zeros((32, 2), np.int64)],
         expect=numpy_functions_extra, rtol=1e-6, atol=1e-6)
    for name, special in (("random", False), ("special", True))
]
