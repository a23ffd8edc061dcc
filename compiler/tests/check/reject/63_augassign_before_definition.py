# expect: error at line 9: 'total' is used before it is assigned
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def running_sum(x, out):
    i = cuda.grid(1)
    for k in range(i + 1):
        total += x[k]
    out[i] = total
