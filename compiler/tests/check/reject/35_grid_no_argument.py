# expect: error at line 7: 'cuda.grid' takes 1 argument (the number of dimensions, 1, 2 or 3), 0 given
from numba import cuda


@cuda.jit("void(float32[::1])")
def zero(x):
    i = cuda.grid()
    if i < x.size:
        x[i] = 0.0
