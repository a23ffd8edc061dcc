# float16 storage: half-precision arithmetic and conversion to float32.
import numpy as np
from numba import cuda, float32


@cuda.jit("void(float16[::1], float16[::1], float16[::1])")
def half_add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]          # float16 + float16 -> float16


@cuda.jit("void(float16[::1], float32[::1], float16)")
def half_to_single(h, f, scale):
    i = cuda.grid(1)
    if i < h.size:
        v = float32(h[i])
        f[i] = v * float32(scale)
        h[i] = np.float16(f[i] * 0.5)
        w = h[i] * scale              # float16
        h[i] = w
