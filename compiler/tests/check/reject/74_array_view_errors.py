# kernelc: --const TABLE=float32[8]
# expect: error at line 25: cannot slice an int64 value
# expect: error at line 26: slice bounds must be integers or None, not float64
# expect: error at line 27: slice step cannot be zero
# expect: error at line 28: too many indices for a 1-D array: 2 given
# expect: error at line 29: new axes (None, np.newaxis) are not supported in kernel subscripts
# expect: error at line 30: an index can only have a single ellipsis ('...')
# expect: error at line 31: cannot assign an array to an array view in a kernel
# expect: error at line 32: an augmented assignment to an array view is not supported in kernels
# expect: error at line 33: an augmented assignment to an array view is not supported in kernels
# expect: error at line 34: reshape() supports contiguous arrays only
# expect: error at line 35: reshape() of an F-ordered array is not supported in kernels
# expect: error at line 36: reshape() needs integer extents, not float64
# expect: error at line 37: constant arrays are read-only
# expect: error at line 38: arrays have no attribute 'flat' in kernels
from numba import cuda
import numpy as np

TABLE = np.zeros(8, np.float32)


@cuda.jit("void(float32[::1], float32[:, ::1], float64[::1, :], int64)")
def k(a, m, f, n):
    t = cuda.const.array_like(TABLE)
    x = n[1:]
    y = a[1.5:]
    z = a[::0]
    w = a[1:, 2]
    v = a[None, :]
    u = m[..., ...]
    a[1:3] = a[4:6]
    a[1:3] += 1
    m[0] += 1
    s = a[::2].reshape(2, 2)
    r = f.reshape(6)
    q = a.reshape(2.0, 3)
    t[1:] = 0
    p = a.flat
