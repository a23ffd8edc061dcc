# A call of a device function declared with several signatures runs the one
# Numba's overload resolution picks: each is rated by its counts of unsafe,
# safe and promoting conversions (compared in that order), the lowest wins,
# and of equals the first declared. Literal arguments convert at best by
# promotion. The argument is converted to the chosen parameter type.
from numba import cuda
import numpy as np


@cuda.jit(["float32(float32, float32)", "float64(float64, float64)"], device=True)
def add_f(x, y):
    return x + y


@cuda.jit(["int64(int64, int64)", "float64(float64, float64)"], device=True)
def add_if(x, y):
    return x + y


@cuda.jit(["float64(float32, float64)", "float64(float64, float32)", "float64(int64, int64)"], device=True)
def add_tie(x, y):
    return x + y


@cuda.jit(["int64(int64)"], device=True)
def truncate(x):
    return x


@cuda.jit("void(float64[::1], int64, float64, int32, float32)")
def choose(out, i, f, small, g):
    out[0] = add_f(i, f)  # (int64, float64): float64 twice, not float32
    out[1] = add_f(g, g)  # exact float32
    out[2] = add_if(small, f)  # (int32, float64): float64, not int64
    out[3] = add_if(i, i)  # exact int64
    out[4] = add_tie(f, f)  # float64 -> float32 once either way: the first
    out[5] = truncate(f)  # the only signature, converted unsafely
    out[6] = add_if(1, 2.5)  # literals
