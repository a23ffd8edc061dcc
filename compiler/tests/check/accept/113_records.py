# kernelc: --kernel step --sig "void(Record(x[type=float64;offset=0],y[type=float32;offset=8],vx[type=float32;offset=12],vy[type=float32;offset=16],m[type=float64;offset=24],steps[type=int16;offset=32],alive[type=bool;offset=34];40;True)[::1], float64, float64[::1])"
# kernelc: --kernel step_packed --sig "void(Record(x[type=float64;offset=0],y[type=float32;offset=8],vx[type=float32;offset=12],vy[type=float32;offset=16],m[type=float64;offset=20],steps[type=int16;offset=28],alive[type=bool;offset=30];31;False)[::1], float64, float64[::1])"
# kernelc: --kernel mix_states --sig "void(Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)[::1], uint64[::1])"
# kernelc: --kernel grid_sum --sig "void(Record(x[type=float64;offset=0],y[type=float32;offset=8],vx[type=float32;offset=12],vy[type=float32;offset=16],m[type=float64;offset=24],steps[type=int16;offset=32],alive[type=bool;offset=34];40;True)[:, ::1], float64[::1])"
# kernelc: --kernel reverse_copy --sig "void(Record(x[type=float64;offset=0],y[type=float32;offset=8],vx[type=float32;offset=12],vy[type=float32;offset=16],m[type=float64;offset=24],steps[type=int16;offset=32],alive[type=bool;offset=34];40;True)[::1], Record(x[type=float64;offset=0],y[type=float32;offset=8],vx[type=float32;offset=12],vy[type=float32;offset=16],m[type=float64;offset=24],steps[type=int16;offset=32],alive[type=bool;offset=34];40;True)[::1])"
# Record arrays (NumPy structured dtypes): fields read and written through
# an element (a reference into the array, as in Numba), by attribute and by
# name, in place (+=), passed to a device function, in a packed record
# (fields at unaligned offsets), a 2-D array of records, and whole records
# copied from one array to another.
from numba import cuda


@cuda.jit(device=True)
def kinetic(p):
    return 0.5 * p.m * (p.vx * p.vx + p.vy * p.vy)


@cuda.jit(device=True)
def advance(p, dt):
    p.x += p.vx * dt
    p["y"] = p["y"] + p.vy * dt
    p.steps += 1
    p.alive = p.x < 10.0


@cuda.jit
def step(parts, dt, energy):
    i = cuda.grid(1)
    if i < parts.size:
        advance(parts[i], dt)
        energy[i] = kinetic(parts[i])


@cuda.jit
def step_packed(parts, dt, energy):
    i = cuda.grid(1)
    if i < parts.shape[0]:
        p = parts[i]
        p.x = p.x + p.vx * dt
        parts[i].y += p.vy * dt
        p["steps"] = p.steps * 2
        p.alive = not p.alive
        energy[i] = kinetic(p)


@cuda.jit
def mix_states(states, out):
    i = cuda.grid(1)
    if i < states.size:
        s0 = states[i]["s0"]
        s1 = states[i].s1
        s1 ^= s0
        states[i].s0 = ((s0 << 24) | (s0 >> 40)) ^ s1 ^ (s1 << 16)
        states[i].s1 = (s1 << 37) | (s1 >> 27)
        out[i] = states[i].s0 + states[i].s1


@cuda.jit
def grid_sum(cells, out):
    i, j = cuda.grid(2)
    if i < cells.shape[0] and j < cells.shape[1]:
        c = cells[i, j]
        if c.alive:
            cuda.atomic.add(out, i, c.m * c.x)


@cuda.jit
def reverse_copy(src, dst):
    i = cuda.grid(1)
    n = src.size
    if i < n:
        dst[n - 1 - i] = src[i]
        if not src[i].alive:
            dst[n - 1 - i].m = 0.0
