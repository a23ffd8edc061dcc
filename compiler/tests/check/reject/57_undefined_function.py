# expect: error at line 11: unknown name 'smoothstep'
import math

from numba import cuda


@cuda.jit("void(float32[::1])")
def shade(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = smoothstep(0.0, 1.0, x[i]) * math.pi
