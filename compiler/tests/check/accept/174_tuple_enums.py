# Enum classes whose values are tuples of numbers of one type (Numba's
# `Enum<UniTuple(float64 x 2)>(Planet)`): members compared with ==, !=, is
# and is not (by value, as Numba compares them), `.value` unpacked and
# indexed, members chosen by name, held in variables, returned from and
# passed to device functions. (Members as kernel arguments, passed as
# their tuples, are tested through the binding: Numba's signature strings
# cannot name an enum class.)
from enum import Enum

from numba import cuda


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    VENUS = (4.869e24, 6.0518e6)
    EARTH = (5.976e24, 6.37814e6)
    MARS = (6.421e23, 3.3972e6)


class Cell(Enum):
    ORIGIN = (0, 0, 0)
    UNIT = (1, 1, 1)
    SAME_AS_ORIGIN = (0, 0, 0)


G = 6.673e-11


@cuda.jit(device=True)
def surface_gravity(p):
    mass, radius = p.value
    return G * mass / (radius * radius)


@cuda.jit(device=True)
def pick(inner):
    return Planet.VENUS if inner else Planet.MARS


@cuda.jit(device=True)
def compare(a, b, flags, out):
    flags[0] = a == b
    flags[1] = a != b
    flags[2] = a is b
    flags[3] = a is not b
    flags[4] = a == Planet.EARTH
    flags[5] = pick(True) is Planet["VENUS"]
    out[0] = surface_gravity(a)
    out[1] = surface_gravity(pick(False))
    out[2] = a.value[1] - b.value[1]
    out[3] = Planet.MERCURY.value[0]


@cuda.jit("void(int64, int64, boolean[:, ::1], float64[:, ::1])")
def planets(ka, kb, flags, out):
    i = cuda.grid(1)
    if i >= flags.shape[0]:
        return
    a = Planet.EARTH if ka == 0 else Planet.MARS
    b = Planet.EARTH if kb + i == 0 else Planet.VENUS
    compare(a, b, flags[i], out[i])


@cuda.jit("void(int64[::1], int64)")
def cells(out, n):
    i = cuda.grid(1)
    if i >= n:
        return
    c = Cell.UNIT if i % 2 == 1 else Cell.ORIGIN
    x, y, z = c.value
    out[i] = x + y + z + (10 if c is Cell.SAME_AS_ORIGIN else 0)
