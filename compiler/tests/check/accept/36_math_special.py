# Special functions: erf, erfc, gamma, lgamma.
import math

from numba import cuda


@cuda.jit("void(float64[::1], float64[:, ::1])")
def special64(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = math.erf(v)
        out[i, 1] = math.erfc(v)
        out[i, 2] = math.gamma(v)
        out[i, 3] = math.lgamma(v)


@cuda.jit("void(float32[::1])")
def gelu(x):
    # exact GELU: x * Phi(x)
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        e = math.erf(v / math.sqrt(2.0))
        x[i] = 0.5 * v * (1.0 + e) + math.erfc(v) * 0 + math.gamma(v) * 0 + math.lgamma(v) * 0
