"""141: literal values as array shapes (a device function specialised per
literal argument: histograms in shared arrays of 32 and 16 bins, tiles of
(4, 8) and (2, 2), a local array sized by a default; a kernel's locals
holding literals), and an atomic with a float64 index item; against
NumPy."""
import numpy as np
from harness import Case

SRC = "141_literal_arguments.py"


def args(rng):
    keys = rng.integers(0, 64, 32).astype(np.uint32)
    return [keys, np.zeros(32, np.uint32), np.zeros(2, np.int32), np.zeros((2, 4), np.uint32)]


def expect(args):
    keys = args[0].astype(np.int64)
    grid = np.zeros((2, 4), np.uint32)
    grid[0, 0] = grid[1, 0] = 16
    return {
        1: np.bincount(keys % 32, minlength=32).astype(np.uint32),
        2: np.array([sum(range(1, 33)), 0], np.int32),
        3: grid,
    }


def args_2(rng):
    keys = rng.integers(0, 64, 32).astype(np.uint32)
    return [keys, np.zeros(16, np.uint32), np.zeros(2, np.int32)]


def expect_2(args):
    keys = args[0].astype(np.int64)
    return {
        1: np.bincount(keys % 16, minlength=16).astype(np.uint32),
        2: np.array([0, sum(range(1, 5))], np.int32),
    }


def expect_locals(args):
    tid = np.arange(32)
    return {0: ((tid + 1) % 32 + 10 + 8).astype(np.int32)}


CASES = [
    Case(SRC, "literal_arguments", grid=(1,), block=(32,), args=args, expect=expect),
    Case(SRC, "literal_arguments_2", grid=(1,), block=(32,), args=args_2, expect=expect_2),
    Case(SRC, "literal_locals", grid=(1,), block=(32,),
         args=lambda rng: [np.full(32, -1, np.int32), np.int32(1)], expect=expect_locals),
]
