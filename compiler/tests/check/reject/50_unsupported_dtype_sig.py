# expect: error at line 5: bad signature "void(complex64[::1], complex64[::1])": unsupported type 'complex64'
from numba import cuda


@cuda.jit("void(complex64[::1], complex64[::1])")
def conj(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = z[i].conjugate()
