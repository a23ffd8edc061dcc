# expect: error at line 7: classes are not supported in kernel source ('class Particle')
# A user tries to group particle state in a small class.
from numba import cuda
import math


class Particle:
    def __init__(self, x, v):
        self.x = x
        self.v = v


@cuda.jit("void(float32[::1], float32[::1])")
def move(x, v):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += v[i] * math.sqrt(2.0)
