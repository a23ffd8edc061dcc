# expect: error at line 9: 'try' statements are not supported in kernels
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def safe_divide(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        try:
            out[i] = a[i] / b[i]
        except ZeroDivisionError:
            out[i] = 0.0
