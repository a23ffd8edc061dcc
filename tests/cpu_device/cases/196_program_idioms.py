"""196: idioms of real Numba CUDA programs: argument-only signatures, a
kernel parameter with a default (passed), a.dtype.type(0), rows unpacked
in a loop, a 3-tuple stored into a 1-D view."""
import numpy as np
from harness import Case

SRC = "196_program_idioms.py"
f32 = np.float32


def expect(args):
    points, weights, out, scale = (np.array(a, copy=True) for a in args)
    n = points.shape[0]
    for i in range(n):
        acc = f32(0)
        for j in range(i + 1):
            acc = f32(acc + f32(points[j, 0] * points[j, 1]))
        x, y = points[i]
        out[i, :3] = (f32(x + y), f32(x - y), f32(x * y))
        s = f32(0)
        for v in points[i]:
            s = f32(s + f32(v * v))
        out[i, 3] = f32(f32(acc * scale) + f32(s * weights[i]))
    return {2: out}


def inputs(rng):
    n = 10
    return [rng.uniform(-2, 2, (n, 2)).astype(f32), rng.uniform(0, 1, n).astype(f32),
            np.zeros((n, 4), f32), f32(1.5)]


CASES = [Case(SRC, "program_idioms", grid=(2,), block=(8,), args=inputs, expect=expect,
              rtol=1e-6, atol=1e-6)]
