# expect: error at line 16: np.sin()'s output argument must be an array, not a float64 value
# expect: error at line 17: np.sin()'s input has 2 dimensions, more than its output array's 1
# expect: error at line 18: np.sin() can't cast its result (float64) to its output array's dtype int64 (NumPy's same_kind casting)
# expect: error at line 19: np.bitwise_and() has no loop for float64: it takes integers or booleans
# expect: error at line 20: np.invert() has no loop for float32: it takes integers or booleans
# expect: error at line 21: np.bitwise_or() has no loop for float64: it takes integers or booleans
# expect: error at line 22: np.sin() with an output array is supported as a statement or an assignment's value only
# expect: error at line 23: np.fabs() of complex numbers is not supported in kernels
# expect: error at line 24: np.bitwise_and() of complex numbers is not supported in kernels
# expect: error at line 25: np.sin() takes no keyword arguments in kernels
from numba import cuda
import numpy as np

@cuda.jit("void(float64[::1], float64[:, ::1], int64[::1], uint64[::1], float32, complex128[::1])")
def k(a, m, n, u, f, c):
    np.sin(a, 3.0)
    np.sin(m, a)
    np.sin(a, n)
    np.bitwise_and(a, 1, n)
    np.invert(f, n)
    np.bitwise_or(n, u, n)
    n[0] = np.sin(a, a)[0]
    np.fabs(c, c)
    np.bitwise_and(c, 1, n)
    np.sin(a, out=a)
