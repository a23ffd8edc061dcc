# All-pairs n-body acceleration with shared-memory tiles (float32).
import math

from numba import cuda, float32

TILE = 64
SOFTENING = 1e-3


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def nbody_accel(pos, acc):
    sh = cuda.shared.array((TILE, 4), float32)
    i = cuda.grid(1)
    n = pos.shape[0]
    px = pos[i, 0] if i < n else float32(0)
    py = pos[i, 1] if i < n else float32(0)
    pz = pos[i, 2] if i < n else float32(0)
    ax = float32(0)
    ay = float32(0)
    az = float32(0)
    ntiles = (n + TILE - 1) // TILE
    for tile in range(ntiles):
        j = tile * TILE + cuda.threadIdx.x
        if j < n:
            for c in range(4):
                sh[cuda.threadIdx.x, c] = pos[j, c]
        else:
            for c in range(4):
                sh[cuda.threadIdx.x, c] = 0
        cuda.syncthreads()
        for k in range(TILE):
            dx = sh[k, 0] - px
            dy = sh[k, 1] - py
            dz = sh[k, 2] - pz
            r2 = dx * dx + dy * dy + dz * dz + float32(SOFTENING)
            inv = float32(1.0) / math.sqrt(r2)
            s = sh[k, 3] * inv * inv * inv
            ax += dx * s
            ay += dy * s
            az += dz * s
        cuda.syncthreads()
    if i < n:
        acc[i, 0] = ax
        acc[i, 1] = ay
        acc[i, 2] = az
