# kernelc: --const TABLE=float64[4]
# kernelc: --global DEV=float32[::1]
# expect: error at line 19: constant arrays are read-only
# expect: error at line 20: constant arrays are read-only
# expect: error at line 21: Untyped global name 'NAMES': a global that is not a compile-time constant
# expect: error at line 22: 'DEV' is a device array: kernels read and write it directly
import numpy as np
from numba import cuda

TABLE = np.float64([1.5, 2.5, 3.5, 4.5])
NAMES = np.array(["a", 1], dtype=object)
CASES = (TABLE, TABLE)


@cuda.jit("void(float64[::1])")
def k(out):
    # A frozen global array is read-only (Numba: a readonly array); an
    # array of objects is not one the host can supply.
    TABLE[0] = out[0]
    CASES[1][0] = 2.0
    out[0] = NAMES[0]
    out[1] = cuda.const.array_like(DEV)[0]
    DEV[0] = 1.0
