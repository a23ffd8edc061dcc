# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_iterators.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

from kernelc import cuda

import numpy as np
import pytest


def test_enumerate():
    @cuda.jit
    def enumerator(x, error):
        count = 0

        for i, v in enumerate(x):
            if count != i:
                error[0] = 1
            if v != x[i]:
                error[0] = 2

            count += 1

        if count != len(x):
            error[0] = 3

    x = np.asarray((10, 9, 8, 7, 6))
    error = np.zeros(1, dtype=np.int32)

    enumerator[1, 1](x, error)
    assert error[0] == 0

def _test_twoarg_function(f):
    x = np.asarray((10, 9, 8, 7, 6))
    y = np.asarray((1, 2, 3, 4, 5))
    error = np.zeros(1, dtype=np.int32)

    f[1, 1](x, y, error)
    assert error[0] == 0

def test_zip():
    @cuda.jit
    def zipper(x, y, error):
        i = 0

        for xv, yv in zip(x, y):
            if xv != x[i]:
                error[0] = 1
            if yv != y[i]:
                error[0] = 2

            i += 1

        if i != len(x):
            error[0] = 3

    _test_twoarg_function(zipper)

def test_enumerate_zip():
    @cuda.jit
    def enumerator_zipper(x, y, error):
        count = 0

        for i, (xv, yv) in enumerate(zip(x, y)):
            if i != count:
                error[0] = 1
            if xv != x[i]:
                error[0] = 2
            if yv != y[i]:
                error[0] = 3

            count += 1

        if count != len(x):
            error[0] = 4

    _test_twoarg_function(enumerator_zipper)

def test_zip_enumerate():
    @cuda.jit
    def zipper_enumerator(x, y, error):
        count = 0

        for (i, xv), yv in zip(enumerate(x), y):
            if i != count:
                error[0] = 1
            if xv != x[i]:
                error[0] = 2
            if yv != y[i]:
                error[0] = 3

            count += 1

        if count != len(x):
            error[0] = 4

    _test_twoarg_function(zipper_enumerator)


