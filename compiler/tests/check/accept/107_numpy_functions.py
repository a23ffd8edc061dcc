# NumPy's functions on scalars that numba-cuda compiles in kernels, with
# Numba's result types: float functions of narrow integers are float32,
# minimum/maximum propagate NaN and fmin/fmax ignore it.
from numba import cuda, int16
import numpy as np


@cuda.jit("void(float64[::1], float32[::1], int32[::1], float64[:, ::1], int64[:, ::1])")
def numpy_functions(x, y, n, out, iout):
    i = cuda.grid(1)
    if i < x.size:
        v, w, k = x[i], y[i], n[i]
        out[i, 0] = np.log(abs(v) + 1) + np.log2(abs(w) + 1) + np.log10(abs(k) + 1)
        out[i, 1] = np.sin(v) + np.cos(w) + np.tan(k * 0.1)
        out[i, 2] = np.arcsin(v / 4) + np.arccos(w / 4) + np.arctan(k)
        out[i, 3] = np.sinh(v) + np.cosh(w) + np.tanh(v)
        out[i, 4] = np.arcsinh(v) + np.arccosh(abs(w) + 1) + np.arctanh(v / 4)
        out[i, 5] = np.arctan2(v, w) + np.hypot(w, k)
        out[i, 6] = np.degrees(v) + np.radians(w) + np.deg2rad(k) + np.rad2deg(v)
        out[i, 7] = np.minimum(v, w) + np.maximum(v, 0.5)
        out[i, 8] = np.fmin(v, np.nan) + np.fmax(np.nan, w)
        out[i, 9] = np.minimum(v, np.nan) + np.isnan(v) + np.isnan(w * np.inf)
        out[i, 10] = np.sin(int16(k)) + np.tanh(w)
        iout[i, 0] = np.minimum(k, 3) + np.maximum(k, -2)
