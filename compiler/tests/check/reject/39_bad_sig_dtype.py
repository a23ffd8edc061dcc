# expect: error at line 5: bad signature "void(float33[:])": unknown type 'float33'
from numba import cuda


@cuda.jit("void(float33[:])")
def zero(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = 0.0
