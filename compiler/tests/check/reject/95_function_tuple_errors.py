# expect: error at line 20: 'other_kernel' is a kernel; only device functions are values in kernels
from numba import cuda


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit("void(float64[::1])")
def other_kernel(out):
    out[0] = 1.0


OPS = (square, other_kernel)


@cuda.jit("void(float64[::1])")
def k(out):
    out[0] = OPS[0](2.0)
