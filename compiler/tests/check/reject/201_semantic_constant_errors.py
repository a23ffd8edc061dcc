# kernelc: --kernel k --sig "void(float64[::1], float64[::1])"
# `a.ndim` is a constant to Numba's pruning only while `a` is the argument
# itself: a parameter assigned in the function keeps both branches, and
# the one for 2-D arrays does not type for a 1-D argument.
# expect: error at line 15: cannot index a float64 value
from numba import cuda


@cuda.jit(device=True)
def total(a):
    if a.shape[0] > 3:
        a = a[1:]
    s = 0.0
    if a.ndim == 2:
        s += a[0][0]
    else:
        s += a[0]
    return s


@cuda.jit
def k(v, out):
    out[0] = total(v)
