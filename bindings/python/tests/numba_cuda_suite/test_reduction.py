# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_reduction.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda

# Avoid recompilation of the sum_reduce function by keeping it at global scope
sum_reduce = cuda.Reduce(lambda a, b: a + b)


def _sum_reduce(n):
    A = np.arange(n, dtype=np.float64) + 1
    expect = A.sum()
    got = sum_reduce(A)
    assert expect == got

def test_sum_reduce():
    # Upstream's GPU sizes, around the points where the block size changes,
    # without its three sizes of about 2**20 (seconds each on kernelc's CPU
    # device; upstream's simulator runs only [1, 16]).
    test_sizes = [1, 15, 16, 17, 127, 128, 129, 1023, 1024, 1025, 1536, 34567]
    # Avoid recompilation by keeping sum_reduce here
    for n in test_sizes:
        _sum_reduce(n)

def test_empty_array_host():
    A = np.arange(0, dtype=np.float64) + 1
    expect = A.sum()
    got = sum_reduce(A)
    assert expect == got

def test_empty_array_device():
    A = np.arange(0, dtype=np.float64) + 1
    dA = cuda.to_device(A)
    expect = A.sum()
    got = sum_reduce(dA)
    assert expect == got

def test_prod_reduce():
    prod_reduce = cuda.reduce(lambda a, b: a * b)
    A = np.arange(64, dtype=np.float64) + 1
    expect = A.prod()
    got = prod_reduce(A, init=1)
    np.testing.assert_allclose(expect, got)

def test_max_reduce():
    max_reduce = cuda.Reduce(lambda a, b: max(a, b))
    A = np.arange(3717, dtype=np.float64) + 1
    expect = A.max()
    got = max_reduce(A, init=0)
    assert expect == got

def test_non_identity_init():
    init = 3
    A = np.arange(10, dtype=np.float64) + 1
    expect = A.sum() + init
    got = sum_reduce(A, init=init)
    assert expect == got

def test_result_on_device():
    A = np.arange(10, dtype=np.float64) + 1
    got = cuda.to_device(np.zeros(1, dtype=np.float64))
    expect = A.sum()
    res = sum_reduce(A, res=got)
    assert res is None
    assert expect == got[0]


