# expect: error at line 10: a kernel cannot return a value (kernels return void)
from numba import cuda


@cuda.jit("void(float32[::1])")
def total(x):
    s = 0.0
    for k in range(x.size):
        s += x[k]
    return s
