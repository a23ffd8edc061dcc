# Hyperbolic functions and their inverses.
import math

from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])")
def hyperbolic(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        sh = math.sinh(v)
        ch = math.cosh(v)
        th = math.tanh(v)
        out[i] = math.asinh(sh) + math.acosh(ch) + math.atanh(th * 0.5)


@cuda.jit("void(float32[::1])")
def tanh_activation(x):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        x[i] = math.tanh(v) + math.sinh(v) * 0 + math.cosh(v) * 0 + math.asinh(v) * 0 + math.atanh(v * 0.5) * 0 + math.acosh(v + 2) * 0
