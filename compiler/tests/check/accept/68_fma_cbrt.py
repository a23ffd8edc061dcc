# cuda.fma and cuda.cbrt on float32 and float64.
from numba import cuda, float32


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[::1])")
def fma32(a, b, c, out):
    i = cuda.grid(1)
    if i < out.size:
        f = cuda.fma(a[i], b[i], c[i])       # float32
        r = cuda.cbrt(f)                     # float32
        out[i] = r


@cuda.jit("void(float64[::1])")
def horner_fma(x):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        acc = 1.0
        acc = cuda.fma(acc, v, 0.5)
        acc = cuda.fma(acc, v, 0.25)
        x[i] = cuda.cbrt(acc) + cuda.cbrt(float32(acc))
