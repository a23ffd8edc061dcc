"""84: one Euler step per particle (gravity -9.81 on axis 1) with reflection at
the walls 0 and box, through device functions returning tuples; the math is
float64 (gravity and the wall constants are float64), stored float32.
fastmath=True allows contraction/reassociation, hence a small tolerance."""
import numpy as np
from harness import Case

N = 300
DT, BOX = np.float32(0.05), np.float32(10.0)


def args(rng):
    pos = rng.uniform(-0.5, 10.5, (N, 2)).astype(np.float32)
    vel = rng.uniform(-20, 20, (N, 2)).astype(np.float32)
    return [pos, vel, DT, BOX]


def expect(a):
    pos, vel = a[0].astype(np.float64), a[1].astype(np.float64)
    dt, box = np.float64(a[2]), np.float64(a[3])
    g = np.array([0.0, -9.81])
    v2 = vel + g * dt
    p = pos + v2 * dt
    lo = p < 0.0
    hi = ~lo & (p > box)
    p = np.where(lo, 2 * 0.0 - p, np.where(hi, 2.0 * box - p, p))
    v = np.where(lo | hi, -v2, v2)
    return {0: p.astype(np.float32), 1: v.astype(np.float32)}


CASES = [
    Case("84_particle_step.py", "step", grid=(3,), block=(128,), args=args, expect=expect, rtol=1e-6, atol=1e-9),
]
