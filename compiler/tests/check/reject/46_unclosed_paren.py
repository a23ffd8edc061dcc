# expect: error at line 9: syntax error: '(' was never closed
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def mean2(a, out):
    i = cuda.grid(1)
    if i + 1 < a.size:
        out[i] = (a[i] + a[i + 1] / 2
    out[0] = a[0]
