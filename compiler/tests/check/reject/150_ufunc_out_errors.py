# expect: error at line 13: np.sin()'s output argument must be an array, not a float64 value
# expect: error at line 14: np.sin()'s input has 2 dimensions, more than its output array's 1
# expect: error at line 15: np.sin() can't cast its result (float64) to its output array's dtype int64 (NumPy's same_kind casting)
# expect: error at line 16: np.bitwise_and() has no loop for float64: it takes integers or booleans
# expect: error at line 17: np.invert() has no loop for float32: it takes integers or booleans
# expect: error at line 18: np.bitwise_or() has no loop for float64: it takes integers or booleans
# expect: error at line 19: np.sin() with an output array is supported as a statement only, its value unused
from numba import cuda
import numpy as np

@cuda.jit("void(float64[::1], float64[:, ::1], int64[::1], uint64[::1], float32)")
def k(a, m, n, u, f):
    np.sin(a, 3.0)
    np.sin(m, a)
    np.sin(a, n)
    np.bitwise_and(a, 1, n)
    np.invert(f, n)
    np.bitwise_or(n, u, n)
    r = np.sin(a, a)
