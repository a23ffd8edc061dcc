"""Module-level tuples holding device functions (``OPS = (add, mul)``),
frozen as Numba freezes globals: indexed by constants, nested with
constants, iterated with ``literal_unroll``; the functions may be kernelc
device functions, plain Python functions or ``numba.njit`` functions."""

import numpy as np
import pytest

from kernelc import cuda


def twice(x):
    return 2 * x


@cuda.jit(device=True)
def square(x):
    return x * x


OPS = (square, twice)
PAIRS = ((square, np.float32(2.0)), (twice, 3.0))


@cuda.jit
def use_tuples(out, v):
    out[0] = OPS[0](v) + OPS[1](v)
    for p in cuda.literal_unroll(PAIRS):
        out[1] += p[0](p[1])


def test_a_global_tuple_of_functions_is_frozen_with_its_functions():
    out = np.zeros(2)
    use_tuples[1, 1](out, 3.0)
    assert out.tolist() == [9.0 + 6.0, 4.0 + 6.0]


def test_njit_functions_in_a_global_tuple():
    numba = pytest.importorskip("numba")

    @numba.njit
    def cube(x):
        return x * x * x

    fns = (cube, square)

    @cuda.jit
    def k(out):
        out[0] = fns[0](2.0) - fns[1](3.0)

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 8.0 - 9.0
