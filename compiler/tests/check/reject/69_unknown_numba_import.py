# expect: error at line 2: 'numba' has no name 'float128'
from numba import cuda, float128


@cuda.jit("void(float64[::1])")
def zero(x):
    x[cuda.grid(1)] = float128(0)
