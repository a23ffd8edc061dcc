"""Kernels with enum classes, run by ``test_enums.py`` through kernelc and,
with the import changed to ``from numba import cuda``, through Numba's
simulator: ``run()`` returns every result by name."""

import enum
from enum import Enum, IntEnum, auto, unique

import numpy as np

from kernelc import cuda


@unique
class Color(IntEnum):
    RED = 1
    GREEN = 2
    BLUE = auto()
    HALF = 0.75  # an IntEnum member is int(value): 0


class Shape(enum.Enum):
    CIRCLE = 10
    SQUARE = 20
    ROUND = 10  # an alias of CIRCLE


class Weight(Enum):
    ZERO = 0.0
    NEG_ZERO = -0.0  # equal to ZERO: an alias, whose value is 0.0
    HEAVY = 2.5


class Flag(Enum):
    ON = True
    OFF = False


Hue = Color
DEFAULT = Shape.SQUARE


@cuda.jit(device=True)
def weight_of(s):
    if s is Shape.CIRCLE:
        return Weight.HEAVY
    return Weight.NEG_ZERO


@cuda.jit(device=True)
def next_color(c):
    if c == Color.RED:
        return Color.GREEN
    if c == Hue.GREEN:
        return Color.BLUE
    return Color.RED


@cuda.jit
def in_kernel(out, fout, x):
    i = cuda.grid(1)
    if i >= x.size:
        return
    c = Color.RED
    for _ in range(x[i] % 4):
        c = next_color(c)
    s = Shape.CIRCLE if x[i] % 2 == 0 else DEFAULT
    out[i, 0] = c
    out[i, 1] = c * 10 + Color['BLUE'] - Color.HALF
    out[i, 2] = s == Shape.ROUND
    out[i, 3] = s.value + (s is Shape.SQUARE)
    out[i, 4] = Flag.ON.value + (Flag.OFF == Flag.ON)
    n = 0
    for j in range(Hue.BLUE):
        n += j * c
    out[i, 5] = n
    k = c
    while k < x[i]:
        k += Color.GREEN
    out[i, 6] = k
    fout[i, 0] = weight_of(s).value * x[i]
    fout[i, 1] = c / 2
    fout[i, 2] = 1.0 / (weight_of(Shape.SQUARE).value + 0.5) - Weight.NEG_ZERO.value


@cuda.jit
def with_args(out, c, s, w, pair):
    out[0] = c + 1
    out[1] = s.value
    out[2] = s == Shape.CIRCLE
    out[3] = int(w.value * 4)
    out[4] = pair[0] * 100 + pair[1]
    out[5] = next_color(c)


def run():
    x = np.arange(-3, 13, dtype=np.int64)
    out = np.zeros((x.size, 7), np.int64)
    fout = np.zeros((x.size, 3))
    in_kernel[1, 32](out, fout, x)
    results = {"in_kernel/out": out, "in_kernel/fout": fout}
    for k, (c, s, w) in enumerate([(Color.RED, Shape.CIRCLE, Weight.HEAVY),
                                   (Color.BLUE, Shape.SQUARE, Weight.ZERO),
                                   (Color.HALF, Shape.ROUND, Weight.NEG_ZERO)]):
        res = np.zeros(6, np.int64)
        with_args[1, 1](res, c, s, w, (Color.GREEN, c))
        results[f"with_args/{k}"] = res
    return results
