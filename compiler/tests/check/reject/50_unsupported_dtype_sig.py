# expect: error at line 5: bad signature "void(float128[::1], float128[::1])": unsupported type 'float128'
from numba import cuda


@cuda.jit("void(float128[::1], float128[::1])")
def copy(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i]
