"""120: enum classes: IntEnum members as integers (a device function
dispatching on an operation code), Enum members compared and read by
`.value`; against the same program in plain Python."""
import numpy as np
from harness import Case

SRC = "120_enums.py"
N = 40


def args(rng):
    return [np.zeros(2 * N, np.int64), np.zeros(N), np.int64(N)]


def expect(args):
    n = N
    out, fout = np.zeros(2 * n, np.int64), np.zeros(n)
    for i in range(n):
        op = (1, 2, 3)[i % 3]  # Op.ADD, Op.SUB, Op.MUL
        out[i] = (i + 7 if op == 1 else i - 7 if op == 2 else i * 7) - 4
        clamp = i < 4  # Mode.CLAMP, else Mode.WRAP
        fout[i] = (0.25 if clamp else 2.5) * i + 1.5
        steps = 2 + 3 + 10 + 30 + (100 if not clamp and op != 2 else 0) + 1
        out[n + i] = steps + (0 if clamp else 1)
    return {0: out, 1: fout}


CASES = [
    Case(SRC, "enum_ops", grid=(2,), block=(32,), args=args, expect=expect),
]
