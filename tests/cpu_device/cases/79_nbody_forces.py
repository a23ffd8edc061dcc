"""79: all-pairs n-body accelerations in float32 through 64-row shared tiles
(blocks must have TILE = 64 threads; n = 150 leaves a partial last tile padded
with zero-mass rows).  The reference repeats the kernel's float32 operations
in the same order (sub, mul, add, sqrt, div are exactly rounded), so the
comparison is exact. At -O2 the kernel's multiply-adds round once, as
Numba's compiler fuses them: `r2` is fma(dz, dz, fma(dx, dx, dy * dy)) +
soft, and `ax += dx * s` is fma(dx, s, ax)."""
import numpy as np
from harness import Case, fma

TILE = 64
N = 150


def args(rng):
    pos = rng.standard_normal((N, 4)).astype(np.float32)
    pos[:, 3] = rng.uniform(0.5, 2, N)  # masses
    return [pos, np.full((N, 3), 7.0, np.float32)]


def expect(a, fused=False):
    pos = a[0]
    ntiles = (N + TILE - 1) // TILE
    sh = np.zeros((ntiles * TILE, 4), np.float32)
    sh[:N] = pos
    px, py, pz = pos[:, 0], pos[:, 1], pos[:, 2]
    ax = np.zeros(N, np.float32)
    ay = np.zeros(N, np.float32)
    az = np.zeros(N, np.float32)
    soft = np.float32(1e-3)
    for k in range(ntiles * TILE):
        dx = sh[k, 0] - px
        dy = sh[k, 1] - py
        dz = sh[k, 2] - pz
        if fused:
            r2 = fma(dz, dz, fma(dx, dx, dy * dy)) + soft
        else:
            r2 = dx * dx + dy * dy + dz * dz + soft
        inv = np.float32(1.0) / np.sqrt(r2)
        s = sh[k, 3] * inv * inv * inv
        if fused:
            ax, ay, az = fma(dx, s, ax), fma(dy, s, ay), fma(dz, s, az)
        else:
            ax, ay, az = ax + dx * s, ay + dy * s, az + dz * s
    return {1: np.stack([ax, ay, az], axis=1)}


CASES = [
    Case("79_nbody_forces.py", "nbody_accel", grid=(3,), block=(TILE,), args=args, expect=expect,
         fused=lambda a: expect(a, fused=True)),
]
