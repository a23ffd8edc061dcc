"""176: functions defined inside kernels (closures): captured run-time
values read at each call, sibling closures, defaults, a closure of a
closure, closures passed to device functions, and another name for a closure."""
import numpy as np
from harness import Case


def closures(args):
    out, a, n = args
    out = out.copy()
    n = int(n)
    scale = a[0]
    for i in range(out.size):
        v = a[i]
        x = (v + 3) * scale + n
        x = 0.0 if x < 0 else (100.0 if x > 100 else x)
        out[i] = x + (v + 3)
        out[i] += 1.0 * 2.0 + n
    return {0: out}


def nested(args):
    out, m = args
    out = out.copy()
    m = int(m)
    for i in range(out.size):
        outer = (i * 2 + m) + (1 * 2 + m)
        out[i] = outer + i * (i - 1) // 2 + (i - 1)
    return {0: out}


def aliased(args):
    out, x = args
    out = out.copy()
    out[0] = 2 + int(x) + 1
    out[1] = 2 + 10
    return {0: out}


CASES = [
    Case("176_closures.py", "closures", grid=(2,), block=(32,), name=f"n{n}",
         args=lambda rng, n=n: [np.zeros(50), rng.standard_normal(50) * 40, np.int64(n)],
         expect=closures)
    for n in (0, 5, -7)
] + [
    Case("176_closures.py", "nested", grid=(1,), block=(64,), name=f"m{m}",
         args=lambda rng, m=m: [np.zeros(40, np.int64), np.int64(m)],
         expect=nested)
    for m in (0, 9)
] + [
    Case("176_closures.py", "aliased", grid=(1,), block=(1,), name=f"x{x}",
         args=lambda rng, x=x: [np.zeros(2, np.int64), np.int64(x)],
         expect=aliased)
    for x in (0, 41)
]
