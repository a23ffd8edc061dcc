# Misuses of carray/farray, with numba-cuda's messages.
# expect: error at line 17: pointer argument expected, got 'array(float32, 1d, C)'
# expect: error at line 18: mismatching dtype 'int32' for pointer type 'float32*'
# expect: error at line 19: invalid shape 'float64'
# expect: error at line 20: kernelc's arrays have 1 to 8 dimensions; this shape has 9
# expect: error at line 21: invalid dtype spec 'int64'
import cffi
import numpy as np
from numba import cuda
from numba.cuda.np.numpy_support import carray, farray

ffi = cffi.FFI()


@cuda.jit("void(float32[::1], int64)")
def bad(a, n):
    carray(a, (2,))
    carray(ffi.from_buffer(a), 2, np.int32)
    farray(ffi.from_buffer(a), 2.0)
    carray(ffi.from_buffer(a), (1, 1, 1, 1, 1, 1, 1, 1, 1))
    carray(ffi.from_buffer(a), 2, n)
