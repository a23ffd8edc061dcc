# Enum classes: IntEnum members used as integers, Enum members compared
# by identity and read by `.value`, members held in variables, tuples and
# globals, passed to and returned from device functions.
import enum
from enum import IntEnum, auto

from numba import cuda


class Op(IntEnum):
    ADD = 1
    SUB = 2
    MUL = auto()
    NEG = -4


class Mode(enum.Enum):
    CLAMP = 10
    WRAP = 20


class Weight(enum.Enum):
    LIGHT = 0.25
    HEAVY = 2.5


DEFAULT_MODE = Mode.WRAP
Kind = Op


@cuda.jit(device=True)
def weight_of(m):
    if m is Mode.CLAMP:
        return Weight.LIGHT
    return Weight.HEAVY


@cuda.jit(device=True)
def apply(op, a, b):
    if op == Op.ADD:
        return a + b
    if op == Kind.SUB:
        return a - b
    return a * b


@cuda.jit("void(int64[::1], float64[::1], int64)")
def enum_ops(out, fout, n):
    i = cuda.grid(1)
    if i >= n:
        return
    op = Op.ADD
    if i % 3 == 1:
        op = Op.SUB
    elif i % 3 == 2:
        op = Op['MUL']
    out[i] = apply(op, i, 7) + Op.NEG
    mode = Mode.CLAMP if i < 4 else DEFAULT_MODE
    w = weight_of(mode)
    fout[i] = w.value * i + Op.MUL / 2
    steps = 0
    k = Op.ADD
    while k < Op.MUL:
        k += 1
        steps += k
    ops = (Op.ADD, Op.MUL)
    for o in ops:
        steps += o * 10
    if mode == Mode.WRAP and op != Op.SUB:
        steps += 100
    for j in range(Op.SUB):
        steps += j
    out[n + i] = steps + (Mode.CLAMP is Weight.LIGHT) + (mode is not Mode.CLAMP)
