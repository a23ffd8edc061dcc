# expect: error at line 8: syntax error: expected ':'
from numba import cuda


@cuda.jit("void(float32[::1])")
def relu(x):
    i = cuda.grid(1)
    if i < x.size
        x[i] = max(x[i], 0.0)
