# Named tuples: classes from collections.namedtuple and typing.NamedTuple,
# built in kernels (by position and by keyword), read by field name and by
# index, unpacked, passed to and returned from device functions.
import collections
from collections import namedtuple
from typing import NamedTuple

from numba import cuda

Point = namedtuple("Point", ["x", "y"])
Range3 = collections.namedtuple("Range3", "start stop step")


class Body(NamedTuple):
    pos: float
    mass: float
    count: int


@cuda.jit(device=True)
def moved(p, d):
    return Point(p.x + d, y=p.y - d)


@cuda.jit(device=True)
def momentum(b, v):
    return b.mass * v * b.count


@cuda.jit("void(float64[::1], int64)")
def named_tuples(out, n):
    i = cuda.grid(1)
    if i >= n:
        return
    p = moved(Point(i * 0.5, -1.0), 2.0)
    x, y = p
    out[i] = x * y + p[0] + len(p)
    r = Range3(0, n, 3)
    acc = 0
    for j in range(r.start, r.stop, r.step):
        acc += j
    b = Body(1.5, mass=2.0, count=i)
    out[n + i] = acc + momentum(b, p.y)
    q = Point(y=i, x=2 * i)
    out[2 * n + i] = q.x - q.y
