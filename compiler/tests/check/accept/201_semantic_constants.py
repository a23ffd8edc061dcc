# Branches Numba settles per specialisation before typing (its
# rewrite_semantic_constants): `arg.ndim` of an array argument and
# `len(arg)` of a tuple argument are constants, so a device function may
# hold code that types only for other arguments (a[i][j] on a 1-D array,
# t[1] of a 1-tuple) in the branch its arguments never take.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def total(a):
    s = 0.0
    if a.ndim == 2:
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                s += a[i][j]
    elif a.ndim == 1:
        for i in range(a.shape[0]):
            s += a[i]
    return s


@cuda.jit(device=True)
def first_two(t):
    if len(t) >= 2:
        return t[0] + t[1]
    return t[0] * 10


@cuda.jit("void(float64[::1], float64[:, ::1], float64[::1])")
def semantic_constants(v, m, out):
    out[0] = total(v)
    out[1] = total(m)
    out[2] = first_two((1.5,))
    out[3] = first_two((1.5, 2))
    out[4] = m.ndim * 10 + v.ndim
