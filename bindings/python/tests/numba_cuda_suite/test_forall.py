# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_forall.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest

from kernelc import cuda


@cuda.jit
def foo(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += 1


def test_forall_1():
    arr = np.arange(11)
    orig = arr.copy()
    foo.forall(arr.size)(arr)
    np.testing.assert_array_almost_equal(arr, orig + 1)

def test_forall_2():
    @cuda.jit("void(float32, float32[:], float32[:])")
    def bar(a, x, y):
        i = cuda.grid(1)
        if i < x.size:
            y[i] = a * x[i] + y[i]

    x = np.arange(13, dtype=np.float32)
    y = np.arange(13, dtype=np.float32)
    oldy = y.copy()
    a = 1.234
    bar.forall(y.size)(a, x, y)
    np.testing.assert_array_almost_equal(y, a * x + oldy, decimal=3)

def test_forall_no_work():
    # Ensure that forall doesn't launch a kernel with no blocks when called
    # with 0 elements. See Issue #5017.
    arr = np.arange(11)
    foo.forall(0)(arr)

def test_forall_negative_work():
    # Ensure that forall doesn't allow the creation of a forall with a
    # negative element count.
    with pytest.raises(ValueError) as raises:
        foo.forall(-1)
    assert "Can't create ForAll with negative task count" in str(raises.value)


