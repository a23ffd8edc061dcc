# NumPy ufuncs with an explicit output array, as numba-cuda types and runs
# them: the loop is picked by the inputs, the result cast into the output's
# dtype, input arrays aligned to the output's last dimensions (an extent of
# 1 broadcasts), scalars the same for every element. Also the comparison,
# logical and bitwise ufuncs, on scalars and into arrays. The value of such
# a call is its output array.
from numba import cuda
import numpy as np


@cuda.jit("void(float32[:, ::1], float64[::1], int32[::1], uint64[::1], float64[:, ::1], float32[:, ::1], bool_[:, ::1], bool_[::1], int32[::1], int64[::1])")
def ufunc_out(a, b, k, u, fout, g, bout, sout, iout, lout):
    np.sin(a, fout)
    np.hypot(a[1:], b, fout[1:, :])
    r = np.fmax(a[:, :1], b, g)
    r[0, 0] = r[1, 1] * 2
    np.greater(a, b, bout[:4])
    np.logical_and(k, 3, bout[4])
    np.less_equal(u, k, bout[5])
    np.bitwise_xor(k, 6, iout[:3])
    np.invert(k[:2], iout[3:5])
    np.left_shift(k, 2, lout[:3])
    np.maximum(k, np.int64(-1), lout[3:6])
    lout[6] = np.right_shift(k[0], 1) + np.bitwise_and(k[1], 12)
    sout[0] = np.equal(u[0], k[0]) or np.logical_not(b[0])
    sout[1] = np.logical_xor(b[1], k[1]) != np.not_equal(a[0, 0], 0.5)
    c1 = np.left_shift(np.int8(1), np.int8(2))
    c2 = np.bitwise_or(np.uint8(1), np.int8(2))
    c3 = np.left_shift(True, True)
    c4 = np.invert(True)
    c5 = np.bitwise_and(True, False)
    c6 = np.greater(u[0], np.int8(-1))
    c7 = np.logical_xor(1.5, 0)
    c8 = np.right_shift(u[1], np.uint8(1))
    lout[7] = c1 + c2 + c3 + c4 + c5 + c6 + c7 + np.int64(c8)
