# kernelc: --kernel k --sig "void(array(float64, 0d, C), float64[::1])"
# Misuses of 0-d arrays: no length, no iteration, one empty index.
# expect: error at line 12: len() of unsized object
# expect: error at line 13: iteration over a 0-d array
# expect: error at line 15: too many indices for a 0-D array: 1 given
# expect: error at line 16: cuda.atomic.add() needs an array of 1 to 8 dimensions, not array(float64, 0d, C)
from numba import cuda


@cuda.jit
def k(r, out):
    out[0] = len(r)
    for x in r:
        out[1] = x
    out[2] = r[0]
    cuda.atomic.add(r, (), 1.0)
