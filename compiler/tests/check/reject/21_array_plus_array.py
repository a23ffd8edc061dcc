# expect: error at line 7: operator '+' is not supported between arrays (array(float32, 1d, C) and array(float32, 1d, C)); index the elements
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def add_whole(a, b, out):
    c = a + b
    i = cuda.grid(1)
    if i < out.size:
        out[i] = c[i]
