# expect: error at line 17: 'scale' is a kernel and cannot be called from device code (launch it from the host)
from numba import cuda


@cuda.jit("void(float32[::1], float32)")
def scale(x, f):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= f


@cuda.jit("void(float32[::1])")
def normalise(x):
    i = cuda.grid(1)
    if i == 0:
        m = x[0]
        scale(x, 1.0 / m)
