"""69: print() in kernels, compiled to vprintf.  The PTX format strings are
"step %d size %lld", "negative value at %lld : %f", "%f %s %d %d" and
"thread %d of block %d sees %lld" (int32 values use %d, int64 %lld, floats
and float32 %f, True prints as True through %s); print() prints an empty
line per thread.
Lines are compared as a multiset, so thread order does not matter."""
import numpy as np
from harness import Case

N = 100


def show_args(rng):
    x = rng.uniform(0, 2, N).astype(np.float32)
    x[[3, 50, 99]] = [-0.5, -1.25e-7, -123.456]
    return [x, np.int32(-7)]


def show_stdout(a):
    x, step = a
    lines = ["kernel started", f"step {int(step)} size {x.size}"]
    lines += ["negative value at %d : %f" % (i, float(x[i])) for i in np.flatnonzero(x < 0)]
    lines.append("%f %s %d %d" % (1.5, True, 0, 128))
    return lines


def dev_stdout(a):
    lines = []
    for b in range(2):
        lines += [f"thread {t} of block {b} sees {int(a[0][t])}" for t in range(2)]
        lines += [""] * 4
    return lines


CASES = [
    Case("69_print_debug.py", "show", grid=(1,), block=(128,), args=show_args, expect=lambda a: {},
         stdout=show_stdout, numba_skip="prints with Python's formatting (1.5 True, -0.5 rather than %f)"),
    Case("69_print_debug.py", "show_device", grid=(2,), block=(4,),
         args=lambda rng: [np.array([42, -2**40, 7], np.int64)], expect=lambda a: {}, stdout=dev_stdout),
]
