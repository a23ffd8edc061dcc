# fastmath=True kernels (approximate sqrt/div, fused multiply-add).
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])", fastmath=True)
def normalize(x, y, inv_len):
    i = cuda.grid(1)
    if i < x.size:
        l = math.sqrt(x[i] * x[i] + y[i] * y[i])
        inv_len[i] = 1.0 / l if l > 0 else 0.0
        x[i] /= l
        y[i] /= l


@cuda.jit("void(float32[::1], float32)", fastmath=True)
def fast_exp(x, scale):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = math.exp(x[i] * scale) + math.log(scale) + math.sin(x[i])
