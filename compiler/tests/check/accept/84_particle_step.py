# Particle integration: device functions returning tuples, reflection at walls.
from numba import cuda


@cuda.jit(device=True)
def reflect(p, v, lo, hi):
    if p < lo:
        return 2 * lo - p, -v
    if p > hi:
        return 2 * hi - p, -v
    return p, v


@cuda.jit(device=True)
def euler(p, v, a, dt):
    v2 = v + a * dt
    return p + v2 * dt, v2


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32, float32)", fastmath=True)
def step(pos, vel, dt, box):
    i = cuda.grid(1)
    if i >= pos.shape[0]:
        return
    for d in range(2):
        gravity = -9.81 if d == 1 else 0.0
        p, v = euler(pos[i, d], vel[i, d], gravity, dt)
        p, v = reflect(p, v, 0.0, box)
        pos[i, d] = p
        vel[i, d] = v
