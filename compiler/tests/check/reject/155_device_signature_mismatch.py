# A device function declared with signatures takes only arguments that
# convert to one of them: a complex number converts to no real type.
# expect: error at line 14: Invalid use of type(CUDADispatcher(<function add>)) with parameters (complex128, complex128); known signatures: (int64, int64), (float64, float64)
from numba import cuda


@cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)
def add(x, y):
    return x + y


@cuda.jit("void(complex128[::1], complex128)")
def k(r, z):
    r[0] = add(z, z)
