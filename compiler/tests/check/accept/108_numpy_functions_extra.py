# NumPy's functions on scalars that kernelc compiles and numba-cuda 0.30
# does not (its CUDA ufunc table lacks them: compiling one stops with
# `KeyError: <ufunc 'sqrt'>`), typed as Numba types them on the CPU:
# rounding and absolute value keep integers, float functions of narrow
# integers are float32.
from numba import cuda, float32
import numpy as np


@cuda.jit("void(float64[::1], float32[::1], int32[::1], float64[:, ::1], int64[:, ::1])")
def numpy_functions_extra(x, y, n, out, iout):
    i = cuda.grid(1)
    if i < x.size:
        v, w, k = x[i], y[i], n[i]
        out[i, 0] = np.sqrt(abs(v)) + np.sqrt(abs(k))
        out[i, 1] = np.exp(w) + np.expm1(v) + np.log1p(abs(v))
        out[i, 2] = np.floor(v) + np.ceil(w) + np.trunc(v * 3)
        out[i, 3] = np.rint(v * 4)
        out[i, 4] = np.sign(v) + np.sign(k)
        out[i, 5] = np.isinf(v) * 2 + np.isfinite(k) * 4
        out[i, 6] = np.square(w) + np.negative(v)
        out[i, 7] = np.cbrt(v) + np.exp2(w)
        out[i, 8] = np.fabs(k) + np.copysign(w, v)
        out[i, 9] = np.abs(v) + np.absolute(w)
        iout[i, 0] = np.abs(k) + np.floor(k)
        iout[i, 1] = np.square(k) + np.negative(k) + np.sign(k)
