# NumPy ufuncs of complex numbers as numba-cuda's ufunc loops compute them:
# elementary functions keep complex64 (cmath's algorithms), log2 scales
# log's parts, comparisons order lexicographically (a NaN imaginary part
# makes a strict real-part order false), logical ufuncs test z != 0, and
# maximum/minimum/fmax/fmin follow NumPy's NaN preferences; also into
# output arrays, with a real argument converted to the complex loop.
from numba import cuda
import numpy as np


@cuda.jit("void(complex64[::1], complex128[::1], float32[::1], complex64[:, ::1], complex128[:, ::1], bool_[:, ::1])")
def ufunc_complex(z, w, x, zout, wout, bout):
    i = cuda.grid(1)
    if i < z.size:
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
    if i == 0:
        np.cos(z, zout[2])
        np.arcsin(x, wout[2])
        np.maximum(z, w, wout[3])
        np.greater(w, x, bout[5])
