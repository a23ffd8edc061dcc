# radians / degrees and module constants derived from math.pi and math.e.
import math

from numba import cuda

TWO_PI = 2 * math.pi
HALF_PI = math.pi / 2
DEG_PER_RAD = 180.0 / math.pi
E2 = math.e * math.e


@cuda.jit("void(float64[::1], float64[::1])")
def angles(deg, out):
    i = cuda.grid(1)
    if i < deg.size:
        r = math.radians(deg[i])
        back = math.degrees(r)
        wrapped = r % TWO_PI
        out[i] = wrapped + (back - deg[i]) + HALF_PI * 0 + E2 * 0 + DEG_PER_RAD * 0


@cuda.jit("void(float32[::1])")
def angles32(x):
    i = cuda.grid(1)
    if i < x.size:
        r = math.radians(x[i])     # float32
        d = math.degrees(r)        # float32
        x[i] = d + math.pi * 0
