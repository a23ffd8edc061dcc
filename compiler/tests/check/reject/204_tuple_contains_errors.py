# kernelc: --kernel k --sig "void(float64[::1], int64)"
# `in` takes a tuple whose items have one type, as Numba's: not a tuple of
# mixed types, an array or a number.
# expect: error at line 11: 'in' takes a tuple whose items have one type in kernels (Numba's UniTuple), not a tuple of type Tuple(int64, float64)
# expect: error at line 12: 'in' takes a tuple whose items have one type in kernels (Numba's UniTuple), not an array of type array(float64, 1d, C)
from numba import cuda


@cuda.jit
def k(out, x):
    out[0] = x in (1, 2.5)
    out[1] = 1.0 in out
