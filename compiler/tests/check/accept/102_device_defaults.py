# Device functions with default parameter values (numbers, tuples, module
# constants, None) called with positional and keyword arguments in any
# order; `is None` decided while typing, and branches a constant condition
# never takes pruned before typing, as Numba does.
from numba import cuda
import numpy as np

SCALE = 0.5
DEBUG = False
OFFSETS = (1, -1)


@cuda.jit(device=True)
def affine(x, scale=SCALE, shift=2, offsets=OFFSETS):
    return x * scale + shift + offsets[0] * 10 + offsets[1] * 100


@cuda.jit(device=True)
def clamp(v, lo=None, hi=None):
    if lo is not None:
        v = max(v, lo)
    if hi is None:
        return v
    return min(v, hi)


@cuda.jit(device=True)
def bump(counter, k):
    # An argument with an effect: the order calls are written in counts.
    counter[0] += 1
    return counter[0] * k


@cuda.jit(device=True)
def pair(a, b):
    return a * 10 + b


@cuda.jit("void(float64[::1], int64[::1], float64[::1])")
def defaults(x, counter, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    if DEBUG:
        # Never typed: Numba prunes this branch before typing.
        out[i] = x + (1, 2)
    out[i] = affine(x[i])
    if i == 0:
        out[x.size] = affine(x[0], shift=5)
        out[x.size + 1] = affine(x[0], offsets=(0, 0), scale=2)
        out[x.size + 2] = affine(shift=1, x=x[1])
        out[x.size + 3] = clamp(x[2], 0.0)
        out[x.size + 4] = clamp(x[3], hi=0.25)
        out[x.size + 5] = clamp(x[4], -0.5, 0.5)
        out[x.size + 6] = clamp(x[5])
        out[x.size + 7] = pair(b=bump(counter, 1), a=bump(counter, 2))
        out[x.size + 8] = np.float32(pair(1, b=2))
