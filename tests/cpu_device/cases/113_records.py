"""113: record arrays (NumPy structured dtypes), aligned and packed: fields
read and written through elements, by attribute and by name, in place, in a
device function; references computed with NumPy on the same records."""
import numpy as np
from harness import Case, fma

FIELDS = [("x", np.float64), ("y", np.float32), ("vx", np.float32), ("vy", np.float32),
          ("m", np.float64), ("steps", np.int16), ("alive", np.bool_)]
ALIGNED = np.dtype(FIELDS, align=True)
PACKED = np.dtype(FIELDS, align=False)
STATES = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)


def particles(dtype, n, rng):
    p = np.zeros(n, dtype)
    p["x"] = rng.uniform(-5, 15, n)
    p["y"] = rng.uniform(-1, 1, n).astype(np.float32)
    p["vx"] = rng.standard_normal(n).astype(np.float32)
    p["vy"] = rng.standard_normal(n).astype(np.float32)
    p["m"] = rng.uniform(0.5, 3, n)
    p["steps"] = rng.integers(0, 100, n)
    p["alive"] = rng.integers(0, 2, n).astype(bool)
    return p


def kinetic(p, fused=False):
    vx, vy = p["vx"], p["vy"]
    # `p.vx * p.vx + p.vy * p.vy` (float32): the left product fused at -O2.
    squares = fma(vx, vx, vy * vy) if fused else vx * vx + vy * vy
    return 0.5 * p["m"] * squares.astype(np.float64)


def moved(parts, dt, fused):
    """`x + vx * dt` and `y + vy * dt` in float64 (fused at -O2), y
    rounded back to float32."""
    vx, vy = parts["vx"].astype(np.float64), parts["vy"].astype(np.float64)
    x, y = parts["x"], parts["y"].astype(np.float64)
    if fused:
        return fma(vx, dt, x), fma(vy, dt, y).astype(np.float32)
    return x + vx * dt, (y + vy * dt).astype(np.float32)


def step(args, fused=False):
    parts, dt, energy = args
    parts = parts.copy()
    parts["x"], parts["y"] = moved(parts, dt, fused)
    parts["steps"] += 1
    parts["alive"] = parts["x"] < 10.0
    return {0: parts, 2: kinetic(parts, fused)}


def step_packed(args, fused=False):
    parts, dt, energy = args
    parts = parts.copy()
    parts["x"], parts["y"] = moved(parts, dt, fused)
    parts["steps"] = (parts["steps"].astype(np.int64) * 2).astype(np.int16)
    parts["alive"] = ~parts["alive"]
    return {0: parts, 2: kinetic(parts, fused)}


def rotl(v, k):
    return (v << np.uint64(k)) | (v >> np.uint64(64 - k))


def mix_states(args):
    states, out = args
    states = states.copy()
    s0, s1 = states["s0"].copy(), states["s1"].copy()
    s1 ^= s0
    states["s0"] = rotl(s0, 24) ^ s1 ^ (s1 << np.uint64(16))
    states["s1"] = rotl(s1, 37)
    return {0: states, 1: states["s0"] + states["s1"]}


def grid_sum(args):
    cells, out = args
    out = out.copy()
    for i in range(cells.shape[0]):
        for j in range(cells.shape[1]):
            c = cells[i, j]
            if c["alive"]:
                out[i] += c["m"] * c["x"]
    return {1: out}


def reverse_copy(args):
    src, dst = args
    dst = src[::-1].copy()
    dst["m"][~dst["alive"]] = 0.0
    return {1: dst}


def states(rng):
    s = np.zeros(40, STATES)
    s["s0"] = rng.integers(0, 2**63, 40, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    s["s1"] = rng.integers(0, 2**63, 40, dtype=np.uint64)
    return s


CASES = [
    Case("113_records.py", "step", grid=(2,), block=(32,),
         args=lambda rng: [particles(ALIGNED, 50, rng), 0.25, np.zeros(50)],
         expect=step, fused=lambda a: step(a, fused=True)),
    Case("113_records.py", "step_packed", grid=(2,), block=(32,),
         args=lambda rng: [particles(PACKED, 50, rng), 0.5, np.zeros(50)],
         expect=step_packed, fused=lambda a: step_packed(a, fused=True)),
    Case("113_records.py", "mix_states", grid=(2,), block=(32,),
         args=lambda rng: [states(rng), np.zeros(40, np.uint64)],
         expect=mix_states),
    Case("113_records.py", "grid_sum", grid=(2, 2), block=(8, 8),
         args=lambda rng: [particles(ALIGNED, 12 * 10, rng).reshape(12, 10), np.zeros(12)],
         expect=grid_sum, rtol=1e-12),
    Case("113_records.py", "reverse_copy", grid=(2,), block=(32,),
         args=lambda rng: [particles(ALIGNED, 45, rng), np.zeros(45, ALIGNED)],
         expect=reverse_copy,
         numba_skip="the simulator cannot store a record into a record array element "
         "('setting an array element with a sequence'); Numba compiles the kernel"),
]
