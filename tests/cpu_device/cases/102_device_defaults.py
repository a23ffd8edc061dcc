"""102: device functions with default parameter values and keyword
arguments, `is None` and pruned branches; references in plain Python."""
import numpy as np
from harness import Case


def affine(x, scale=0.5, shift=2, offsets=(1, -1)):
    return x * scale + shift + offsets[0] * 10 + offsets[1] * 100


def clamp(v, lo=None, hi=None):
    if lo is not None:
        v = max(v, lo)
    if hi is None:
        return v
    return min(v, hi)


def defaults(args):
    x, counter, out = args
    out, counter = out.copy(), counter.copy()
    n = x.size
    for i in range(n):
        out[i] = affine(x[i])
    out[n] = affine(x[0], shift=5)
    out[n + 1] = affine(x[0], offsets=(0, 0), scale=2)
    out[n + 2] = affine(shift=1, x=x[1])
    out[n + 3] = clamp(x[2], 0.0)
    out[n + 4] = clamp(x[3], hi=0.25)
    out[n + 5] = clamp(x[4], -0.5, 0.5)
    out[n + 6] = clamp(x[5])
    # pair(b=bump(counter, 1), a=bump(counter, 2)): b's call runs first.
    b = (counter[0] + 1) * 1
    a = (counter[0] + 2) * 2
    counter[0] += 2
    out[n + 7] = a * 10 + b
    out[n + 8] = 12
    return {1: counter, 2: out}


CASES = [
    Case("102_device_defaults.py", "defaults", grid=(1,), block=(16,),
         args=lambda rng: [rng.standard_normal(10), np.array([3], np.int64), np.zeros(19)],
         expect=defaults,
         numba_skip="the simulator's device functions take no keyword arguments (compiled Numba does: "
                    "the accept corpus compiles this file with numba-cuda)"),
]
