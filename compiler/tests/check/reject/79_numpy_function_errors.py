# expect: error at line 10: np.sqrt() takes numbers in kernels, not an array of type array(float64, 1d, C)
# expect: error at line 11: np.minimum() takes 2 to 3 arguments but 1 was given
from numba import cuda
import numpy as np


@cuda.jit("void(float64[::1])")
def k(a):
    i = cuda.grid(1)
    a[0] = np.sqrt(a)
    a[1] = np.minimum(a[0])
