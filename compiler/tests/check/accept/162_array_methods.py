# The array methods of the NumPy reductions (Numba's ndarray methods):
# a.sum() a.prod() a.mean() a.var() a.std() a.min() a.max() a.all()
# a.any() a.argmin() a.argmax(), each the same as its np.<name>(a), on
# arguments, views, an F-ordered array (iterated in its memory order, as
# np.nditer does) and a local array, in conditions and expressions.
# numba: nrt
from numba import cuda
import numpy as np


@cuda.jit("void(float32[:, ::1], int64[::1, :], uint16[:, :, :], float64[::1], int64[::1])")
def methods(a, g, w, out, iout):
    s = a.sum()
    out[0] = s
    out[1] = a[1].prod()
    out[2] = a.mean()
    out[3] = a.var()
    out[4] = a.std()
    out[5] = a.min()
    out[6] = a[:, ::-1].max()
    out[7] = g.mean()
    out[8] = w.std()
    gs = g.sum()
    iout[0] = gs
    iout[1] = g.prod()
    iout[2] = g.min() + g.max()
    ws = w.sum()
    iout[3] = ws
    iout[4] = w[1:].max()
    iout[5] = a.argmin()
    iout[6] = g.argmax()
    iout[7] = w[:, 0].argmin()
    if a.all() and not g.any():
        iout[8] = 1
    elif g.any():
        iout[8] = 2
    t = cuda.local.array(5, np.float64)
    for i in range(5):
        t[i] = out[i] if i % 2 == 0 else -out[i]
    out[9] = t.sum() + t.min() * t.max()
    iout[9] = t.argmax()
    n = 0
    while a[n:].sum() > 0.0 and n < a.shape[0]:
        n += 1
    iout[10] = n
