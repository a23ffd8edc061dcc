# expect: error at line 23: np.sum() with an axis is not supported in kernels: only the whole-array reduction, which gives a scalar
# expect: error at line 24: np.sum() with an axis is not supported in kernels: only the whole-array reduction, which gives a scalar
# expect: error at line 25: np.max() with an axis is not supported in kernels: only the whole-array reduction, which gives a scalar
# expect: error at line 26: np.mean() with an axis is not supported in kernels: only the whole-array reduction, which gives a scalar
# expect: error at line 27: np.sum() takes an array in kernels, not a float64 value
# expect: error at line 28: np.argmin() of complex numbers is not supported (Numba has no `<` for them)
# expect: error at line 29: np.min() of float16 numbers is not supported (Numba's np.isnan, which it uses, has no float16 loop)
# expect: error at line 31: np.sum() of an array of records is not supported: it reduces numbers
# expect: error at line 32: a float64 value has no method 'sum'
# expect: error at line 33: sum() got an unexpected keyword argument 'dtype'
# expect: error at line 34: np.argmax() of complex numbers is not supported (Numba has no `<` for them)
# Whole-array reductions kernels refuse: an axis (Numba makes a new array),
# a dtype keyword, a scalar, records, float16 where Numba's np.isnan has no
# loop for it, argmin/argmax of complex numbers, a method of a scalar.
from numba import cuda
import numpy as np

REC = np.dtype([("x", np.float32), ("y", np.int32)])


@cuda.jit("void(float64[:, ::1], complex64[::1], float16[::1], float64, float64[::1])")
def k(a, c, h, x, out):
    out[0] = np.sum(a, axis=0)
    out[1] = np.sum(a, 1)
    out[2] = a.max(axis=1)
    out[3] = a.mean(0)
    out[4] = np.sum(x)
    out[5] = np.argmin(c)
    out[6] = np.min(h)
    r = cuda.local.array(2, REC)
    out[7] = np.sum(r)
    out[8] = x.sum()
    out[9] = a.sum(dtype=np.float32)
    out[10] = c.argmax()
