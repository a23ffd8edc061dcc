"""127: module-level tuples of device functions, indexed by constants and
nested with constants; against NumPy."""
import numpy as np
from harness import Case

SRC = "127_function_tuples.py"
N = 50


def args(rng):
    return [rng.uniform(-3, 3, N), np.zeros(N)]


def expect(args):
    v = args[0]
    acc = v * v + v / 2
    acc = acc + (0.5 * (v * v) + 2.0 * (-v))
    acc = acc + -1.0 * (v / 2)
    return {1: acc + -(v * v)}


CASES = [
    Case(SRC, "function_tuples", grid=(2,), block=(32,), args=args, expect=expect),
]
