# cmath.log(z, base): log(z) / log(base) in one complex type, as Numba
# types it (numba-cuda's cases (complex64, complex64) and (complex128,
# complex128); float32 converts to complex64, other numbers to complex128).
import cmath
from numba import cuda


@cuda.jit("void(complex128[::1], complex128[::1], complex128[::1])")
def log_base128(z, b, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = cmath.log(z[i], b[i])


@cuda.jit("void(complex64[::1], complex64[::1], float32[::1], complex64[::1])")
def log_base64(z, b, f, out):
    i = cuda.grid(1)
    if i < z.size:
        w = cmath.log(z[i], b[i])
        v = cmath.log(z[i], f[i])
        out[i] = w + v


@cuda.jit("void(complex64[::1], float64[::1], int64[::1], complex128[::1])")
def log_base_mixed(z, f, n, out):
    i = cuda.grid(1)
    if i < z.size:
        a = cmath.log(z[i], f[i])
        b = cmath.log(f[i], n[i])
        c = cmath.log(n[i], 10)
        out[i] = a + b + c
