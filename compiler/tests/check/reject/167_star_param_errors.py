# expect: error at line 26: takes '*args': kernels, and functions compiled for a signature, cannot
# expect: error at line 12: keyword-only parameters (after '*args') are not supported
# expect: error at line 16: '*' argument may appear only once
# expect: error at line 32: 'f' got an unexpected keyword argument 'rest'
# expect: error at line 22: tuple index out of range
# '*args' parameters where kernelc (as Numba) takes none: a kernel's,
# keyword-only parameters after one, two of them; a keyword naming one,
# and an index past the arguments it collected.
from numba import cuda


def g(a, *rest, scale):
    return a


def h(*a, *b):
    return 0


@cuda.jit(device=True)
def f(a, *rest):
    return a + rest[1]


@cuda.jit("void(float64[::1])")
def k(out, *more):
    out[0] = 1.0


@cuda.jit("void(float64[::1])")
def k2(out):
    out[0] = f(1.0, rest=(1.0, 2.0))
    out[1] = f(1.0, 2.0)
