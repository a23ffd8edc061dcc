# Module-level constants: literals, constants computed from others,
# float constants, hex, negative and boolean constants.
import math

from numba import cuda, float32

BLOCK = 32
ROWS = 4
TILE = BLOCK * ROWS
HALF_TILE = TILE // 2
SCALE = 0.5
EPS = 1e-6
INV_SQRT_2PI = 1.0 / math.sqrt(2 * math.pi)
MASK = 0xff
OFFSET = -3
USE_CLAMP = True
LIMIT = HALF_TILE - 1 + OFFSET


@cuda.jit("void(float32[::1], float32[::1])")
def use_consts(x, out):
    buf = cuda.shared.array(TILE, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if t < TILE:
        buf[t] = x[i] if i < x.size else 0
    cuda.syncthreads()
    if i < out.size:
        v = buf[t % HALF_TILE] * SCALE + EPS
        v = v * INV_SQRT_2PI
        if USE_CLAMP:
            v = min(v, LIMIT)
        out[i] = v + (i & MASK) + OFFSET
