# expect: error at line 5: bad signature "void(bfloat16[::1], bfloat16[::1])": unsupported type 'bfloat16'
from numba import cuda


@cuda.jit("void(bfloat16[::1], bfloat16[::1])")
def copy(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i]
