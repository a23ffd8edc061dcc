# Device functions returning tuples, unpacked by the caller.
import math

from numba import cuda


@cuda.jit(device=True)
def divmod_floor(a, b):
    return a // b, a % b


@cuda.jit(device=True)
def to_polar(x, y):
    r = math.sqrt(x * x + y * y)
    theta = math.atan2(y, x)
    return r, theta


@cuda.jit(device=True)
def row_col(index, ncols):
    return index // ncols, index % ncols, index


@cuda.jit("void(int64[::1], int64[::1], int64[::1])")
def split(idx, q, r):
    i = cuda.grid(1)
    if i < idx.size:
        qq, rr = divmod_floor(idx[i], 7)
        q[i] = qq
        r[i] = rr


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def cartesian_to_polar(xy, rt):
    i = cuda.grid(1)
    if i < xy.shape[0]:
        r, t = to_polar(xy[i, 0], xy[i, 1])
        rt[i, 0] = r
        rt[i, 1] = t


@cuda.jit("void(float64[:, ::1])")
def mixed_tuple(m):
    i = cuda.grid(1)
    if i < m.size:
        row, col, flat = row_col(i, m.shape[1])
        pair = to_polar(1.0, float(col))
        m[row, col] = pair[0] + flat
