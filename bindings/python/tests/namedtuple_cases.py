"""Kernels with named tuples, run by ``test_named_tuples.py`` through
kernelc and, with the import changed to ``from numba import cuda``,
through Numba's simulator: ``run()`` returns every result by name."""

import collections
from typing import NamedTuple

import numpy as np

from kernelc import cuda

Point = collections.namedtuple("Point", ["x", "y"])
Grid = collections.namedtuple("Grid", "data scale")


class Body(NamedTuple):
    pos: float
    mass: float
    count: int


@cuda.jit(device=True)
def shifted(p, d):
    return Point(p.x + d, y=p.y - d)


@cuda.jit(device=True)
def weight(b):
    return b.mass * b.count


@cuda.jit
def built_in_kernel(out):
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    q = shifted(Point(i * 0.5, 1.0), 0.25)
    a, b = q
    out[i, 0] = q.x * q.y + a - b + len(q)
    r = Point(y=i, x=2 * i)
    out[i, 1] = r.x - r.y + r[1]
    body = Body(pos=1.0, mass=0.5 * i, count=3)
    out[i, 2] = weight(body) + body[0]


@cuda.jit
def from_arguments(out, p, body, grid, pair):
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    out[i, 0] = shifted(p, i).x * grid.scale
    out[i, 1] = weight(body) + grid.data[i]
    out[i, 2] = pair[0].x + pair[1].count


# Named tuples held in globals and closures: frozen as constants of their
# named tuple types, as Numba freezes them.
ORIGIN = Point(np.float32(0.5), 2)
CASES = (Point(1, 3), Body(mass=0.25, pos=7.0, count=2))
Kit = collections.namedtuple("Kit", "table move")
KIT = Kit(np.arange(5.0) * 0.5, shifted)


def make_frozen_kernel(scale):
    limits = Point(x=-1.5, y=scale)

    @cuda.jit
    def frozen_globals(out):
        i = cuda.grid(1)
        if i >= out.shape[0]:
            return
        out[i, 0] = ORIGIN.x * i + ORIGIN.y + len(ORIGIN) + ORIGIN[1] + KIT.table[i % 5]
        out[i, 0] += KIT.move(ORIGIN, 1.5).x
        lo, hi = CASES[0]
        out[i, 1] = lo * i + hi + weight(CASES[1]) + CASES[1].pos
        out[i, 2] = shifted(limits, i).y + max(limits.x, i - 4.0)

    return frozen_globals


def run():
    out = np.zeros((9, 3))
    built_in_kernel[1, 16](out)
    results = {"built_in_kernel": out}
    data = np.arange(9, dtype=np.float64) * 1.5
    out2 = np.zeros((9, 3))
    body = Body(2.0, 3.0, 4)
    from_arguments[1, 16](out2, Point(1.5, -2.0), body, Grid(data, 0.5), (Point(7, 8), body))
    results["from_arguments"] = out2
    out3 = np.zeros((9, 3))
    make_frozen_kernel(2.5)[1, 16](out3)
    results["frozen_globals"] = out3
    return results
