# kernelc: --kernel k --sig "void(float64[::1])"
# Numba without its memory manager returns an array from a device function
# only when it is an argument, unchanged: not a slice of one, not an array
# the function makes, not a parameter assigned in the function.
# expect: error at line 14: Only accept returning of array passed into the function as argument
# expect: error at line 19: Only accept returning of array passed into the function as argument
# expect: error at line 25: Only accept returning of array passed into the function as argument
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def tail(a):
    return a[1:]


@cuda.jit(device=True)
def scratch(n):
    return cuda.local.array(4, np.float64)


@cuda.jit(device=True)
def moved(a):
    a = a[::2]
    return a


@cuda.jit
def k(x):
    x[0] = tail(x)[0] + scratch(1)[0] + moved(x)[0]
