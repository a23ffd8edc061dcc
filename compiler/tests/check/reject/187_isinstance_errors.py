# expect: error at line 11: isinstance() takes a number type (float32, int, ...) or a tuple of them in kernels
# expect: error at line 12: isinstance() takes exactly 2 positional arguments
# isinstance() with a class kernelc does not take (a CUDA vector type) and
# with the wrong number of arguments.
from numba import cuda


@cuda.jit("void(float32[::1], bool_[::1])")
def k(x, out):
    v = x[0]
    out[0] = isinstance(v, cuda.float32x4)
    out[1] = isinstance(v)
