# expect: error at line 11: 'math.sin' takes 1 argument, 2 given
import math

from numba import cuda


@cuda.jit("void(float64[::1], float64)")
def wave(x, phase):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = math.sin(x[i], phase)
