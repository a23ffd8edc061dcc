# expect: error at line 9: unsupported record field format
# expect: error at line 14: record dtypes are defined at the top level of the file
# A record dtype kernels cannot hold (an object field, as Numba refuses it
# in a local array) and a dtype made inside a kernel (Numba cannot build
# one there).
import numpy as np
from numba import cuda

BAD = np.dtype([("x", np.float32), ("o", object)])


@cuda.jit("void(float32[::1])")
def k(out):
    t = np.dtype([("x", np.float32)])
    a = cuda.local.array(2, BAD)
    out[0] = 1.0
