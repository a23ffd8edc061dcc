"""165: starred call arguments (f(*t), f(a, *t), complex(*cmath.polar(z)),
math.atan2(*t), max(*t), print(*t)), references in NumPy."""
import cmath
import math

import numpy as np
from harness import Case

N = 40


def starred(a):
    out, z, t = a
    out = out.copy()
    z = z.copy()
    for i in range(out.size):
        x = out[i]
        v = 2.0 * x + 1.0
        v += x * t[0] + t[1]
        v += float((i + 1) * (i * 2)) + x
        v += math.atan2(*t) + math.hypot(i + 1, i * 2)
        v += max(*t) + min(i + 1, i * 2, 3)
        out[i] = v
        w = complex(*cmath.polar(z[i]))
        z[i] = w + complex(*t)
    return {0: out, 1: z}


def show_stdout(a):
    t, n = a
    return ["%f %f" % t, "%d %d %d True (%d, 0.500000)" % (n, n + 1, n * 2, n)]


CASES = [
    Case("165_starred_args.py", "starred", grid=(2,), block=(32,),
         args=lambda rng: [rng.standard_normal(N),
                           (rng.standard_normal(N) + 1j * rng.standard_normal(N)).astype(np.complex128),
                           (0.75, -1.5)],
         expect=starred, rtol=1e-12, atol=1e-12),
    Case("165_starred_args.py", "show", grid=(1,), block=(1,),
         args=lambda rng: [(2.5, -0.125), 7], expect=lambda a: {}, stdout=show_stdout,
         numba_skip="the simulator prints with Python's formatting (2.5 rather than %f)"),
]
