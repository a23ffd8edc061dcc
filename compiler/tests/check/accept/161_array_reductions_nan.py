# NumPy's NaN-aware reductions as numba-cuda compiles them: np.nanmin and
# np.nanmax skip NaNs (and of equal values keep the last), np.nansum and
# np.nanprod widen every integer to int64 and keep floats and complex
# numbers, np.nanmean is float64 (complex128 of complex numbers) and gives
# NaN when every element is NaN; np.min/np.max propagate the first NaN,
# np.argmin/np.argmax give the flat index of the first NaN.
# numba: nrt
from numba import cuda
import numpy as np


@cuda.jit("void(float64[:, :], float32[::1], int16[::1], uint64[::1], complex64[::1], float64[::1], int64[::1], complex128[::1])")
def nan_reductions(x, f, k, u, z, out, iout, zout):
    lo = np.nanmin(x)
    out[0] = lo
    out[1] = np.nanmax(x)
    s = np.nansum(x)
    out[2] = s
    out[3] = np.nanprod(x[0])
    m = np.nanmean(x)
    out[4] = m
    fm = np.nanmean(f)
    out[5] = fm
    out[6] = np.nansum(f)
    out[7] = np.min(x)
    out[8] = np.max(f)
    out[9] = np.nanmin(f) - np.nanmax(f)
    ks = np.nansum(k)
    iout[0] = ks
    iout[1] = np.nanprod(k)
    kmin = np.nanmin(k)
    iout[2] = kmin
    iout[3] = np.nanmax(k)
    us = np.nansum(u)
    iout[4] = us
    i = np.argmin(x)
    iout[5] = i
    iout[6] = np.argmax(x)
    iout[7] = np.argmin(f) * 100 + np.argmax(f)
    iout[8] = np.argmin(k) * 100 + np.argmax(u)
    iout[9] = np.count_nonzero(f)
    zs = np.nansum(z)
    zout[0] = zs
    zm = np.nanmean(z)
    zout[1] = zm
    zout[2] = np.nanmin(z)
    zout[3] = np.nanmax(z)
    zout[4] = np.nanprod(z[:2])
