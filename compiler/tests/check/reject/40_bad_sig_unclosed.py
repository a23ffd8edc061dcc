# expect: error at line 5: bad signature "void(float32[:]": expected ')'
from numba import cuda


@cuda.jit("void(float32[:]")
def zero(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = 0.0
