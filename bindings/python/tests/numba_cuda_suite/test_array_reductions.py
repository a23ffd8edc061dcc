# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_array_reductions.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import literal_unroll

from ._support import assertPreciseEqual


# Upstream's TestArrayReductions (a MemoryLeakMixin TestCase, skipped on
# numba-cuda's simulator). Its setUp seeds NumPy's generator and turns on
# numba-cuda's NRT and off its performance warnings (config), which kernelc
# does not have; tearDown restores them.
@pytest.fixture(autouse=True)
def setUp():
    np.random.seed(42)


def test_all_basic():
    cases = (
        np.float64([1.0, 0.0, float("inf"), float("nan")]),
        np.float64([1.0, -0.0, float("inf"), float("nan")]),
        np.float64([1.0, 1.5, float("inf"), float("nan")]),
        np.float64([[1.0, 1.5], [float("inf"), float("nan")]]),
        np.float64([[1.0, 1.5], [1.5, 1.0]]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for case in literal_unroll(cases):
            out[i] = np.all(case)
            i += 1

    expected = np.array([np.all(a) for a in cases], dtype=np.bool_)
    out = cuda.to_device(np.zeros(len(cases), dtype=np.bool_))
    kernel[1, 1](out)
    got = out.copy_to_host()
    assertPreciseEqual(expected, got)


def test_any_basic():
    cases = (
        np.float64([0.0, -0.0, 0.0, 0.0]),
        np.float64([0.0, -0.0, np.nan, 0.0]),
        np.float64([0.0, -0.0, float("inf"), 0.0]),
        np.float64([0.0, -0.0, 1.5, 0.0]),
        np.float64([[0.0, -0.0], [1.5, 0.0]]),
        np.float64([[0.0, -0.0], [1.5, 0.0]])[::-1],
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(cases):
            out[i] = np.any(arr)
            i += 1

    expected = np.array([np.any(a) for a in cases], dtype=np.bool_)
    out = cuda.to_device(np.zeros(len(cases), dtype=np.bool_))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_sum_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64(
            [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
        ),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.sum(arr)
            i += 1

    expected = np.array([np.sum(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_mean_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64(
            [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
        ),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.mean(arr)
            i += 1

    expected = np.array([np.mean(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_var_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64(
            [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
        ),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.var(arr)
            i += 1

    expected = np.array([np.var(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host(), prec="double")


def test_std_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64(
            [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
        ),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.std(arr)
            i += 1

    expected = np.array([np.std(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_min_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64(
            [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
        ),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.min(arr)
            i += 1

    expected = np.array([np.min(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_max_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64(
            [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
        ),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.max(arr)
            i += 1

    expected = np.array([np.max(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_nanmin_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, np.nan]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.nanmin(arr)
            i += 1

    expected = np.array([np.nanmin(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_nanmax_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, np.nan]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.nanmax(arr)
            i += 1

    expected = np.array([np.nanmax(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_nanmean_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, np.nan]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64(
            [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
        ),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.nanmean(arr)
            i += 1

    expected = np.array([np.nanmean(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_nansum_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, np.nan]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.nansum(arr)
            i += 1

    expected = np.array([np.nansum(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_nanprod_basic():
    arrays = (
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([-0.0, -1.5]),
        np.float64([-1.5, 2.5, np.nan]),
        np.float64([-1.5, 2.5, float("inf")]),
        np.float64([-1.5, 2.5, -float("inf")]),
        np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
        np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
        np.float64([5.0, np.nan, -1.5, np.nan]),
        np.float64([np.nan, np.nan]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for arr in literal_unroll(arrays):
            out[i] = np.nanprod(arr)
            i += 1

    expected = np.array([np.nanprod(a) for a in arrays], dtype=np.float64)
    out = cuda.to_device(np.zeros(len(arrays), dtype=np.float64))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_count_nonzero_basic():
    cases = (
        np.int64([1, 0, 2, 0, 3]),
        np.int64([0, 0, 0, 0]),
        np.int64([1, 2, 3, 4]),
        np.array(0),
        np.float64([]),
        np.float64([0.0, -0.0, 1.5, 0.0]),
        np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
        np.float64([np.nan, 0.0, np.inf, -np.inf, 0.0]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for case in literal_unroll(cases):
            out[i] = np.count_nonzero(case)
            i += 1

    expected = np.array([np.count_nonzero(a) for a in cases], dtype=np.intp)
    out = cuda.to_device(np.zeros(len(cases), dtype=np.intp))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_count_nonzero_bool():
    cases = (
        np.array([True, False, True, False, True]),
        np.array([False, False, False]),
        np.array([True, True, True]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for case in literal_unroll(cases):
            out[i] = np.count_nonzero(case)
            i += 1

    expected = np.array([np.count_nonzero(a) for a in cases], dtype=np.intp)
    out = cuda.to_device(np.zeros(len(cases), dtype=np.intp))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())


def test_count_nonzero_2d():
    cases = (
        np.int64([[1, 0, 2], [0, 3, 0]]),
        np.int64([[0, 0], [0, 0]]),
        np.float64([[1.0, 0.0], [-0.0, 2.5]]),
    )

    @cuda.jit
    def kernel(out):
        i = 0
        for case in literal_unroll(cases):
            out[i] = np.count_nonzero(case)
            i += 1

    expected = np.array([np.count_nonzero(a) for a in cases], dtype=np.intp)
    out = cuda.to_device(np.zeros(len(cases), dtype=np.intp))
    kernel[1, 1](out)
    assertPreciseEqual(expected, out.copy_to_host())
