# NumPy ufuncs on scalars in the loop Numba picks: with an integer and a
# float operand, any integer converts to any float (Numba's
# ufunc_can_cast), so np.arctan2(float32, int64) runs in float32;
# np.divide / np.true_divide (float loops; Smith's algorithm for complex
# numbers, inf or NaN for a zero divisor), np.conjugate / np.conj, and
# NumPy 2's other names of ufuncs (np.asin is np.arcsin). The results are
# stored as float32, the precision of the float32 loops.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], int64[::1], complex128[::1])")
def ufunc_loops(out, f, n, z):
    i = cuda.grid(1)
    if i >= n.size or i + 1 >= z.size or 12 * i + 11 >= out.size or i >= f.size:
        return
    x, k = f[i], n[i]
    out[12 * i] = np.arctan2(x, k)
    out[12 * i + 1] = np.hypot(k, x) + np.maximum(x, k) + np.fmin(np.int16(k), x)
    out[12 * i + 2] = np.divide(k, x) + np.true_divide(np.int8(k), np.int8(3))
    out[12 * i + 3] = np.divide(k, 7) + np.divide(k, 0)
    out[12 * i + 4] = np.less(x, k) + np.greater_equal(k, x) + (np.maximum(x, k) - k)
    out[12 * i + 5] = np.conj(k) + np.conjugate(x)
    out[12 * i + 6] = np.asin(0.25 * x) + np.acos(0.125) + np.atan(x) + np.atan2(x, 2)
    out[12 * i + 7] = np.asinh(x) + np.acosh(k + 1.0) + np.atanh(0.5)
    out[12 * i + 8] = np.bitwise_invert(k) + np.bitwise_left_shift(k, 2) + np.bitwise_right_shift(k, 1)
    q = np.divide(z[i], z[i + 1])
    out[12 * i + 9] = q.real + np.conj(q).imag
    q = np.divide(z[i], 0j)
    out[12 * i + 10] = q.real
    out[12 * i + 11] = np.divide(np.complex64(z[i]), np.float32(3)).imag
