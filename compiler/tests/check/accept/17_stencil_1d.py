# 1-D stencil with a shared-memory halo; the tile size is a computed constant.
from numba import cuda, float32

RADIUS = 3
TPB = 128
TILE = TPB + 2 * RADIUS


@cuda.jit("void(float32[::1], float32[::1])")
def stencil_1d(x, out):
    tile = cuda.shared.array(TILE, dtype=float32)
    g = cuda.grid(1)
    l = cuda.threadIdx.x + RADIUS
    n = x.size
    tile[l] = x[g] if g < n else 0
    if cuda.threadIdx.x < RADIUS:
        left = g - RADIUS
        right = g + TPB
        tile[l - RADIUS] = x[left] if left >= 0 else 0
        tile[l + TPB] = x[right] if right < n else 0
    cuda.syncthreads()
    if g < n:
        acc = float32(0)
        for off in range(-RADIUS, RADIUS + 1):
            acc += tile[l + off]
        out[g] = acc / (2 * RADIUS + 1)
