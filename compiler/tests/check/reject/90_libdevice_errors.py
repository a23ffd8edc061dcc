# expect: error at line 11: cuda.libdevice.j0 is not supported by kernelc yet (this special function)
# expect: error at line 12: cuda.libdevice.y0 is not supported by kernelc yet (this special function)
# expect: error at line 13: cuda.libdevice.sinf() takes float32 arguments, not an array of type array(float32, 1d, C)
# expect: error at line 14: 'cuda.libdevice.sinnf' is not supported in kernels
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float64[::1], float32[::1])")
def k(x, y):
    x[0] = libdevice.j0(x[1])
    x[1] = libdevice.y0(x[0])
    y[0] = libdevice.sinf(y)
    y[1] = libdevice.sinnf(y[0])
