# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_datetime.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np

from kernelc import cuda, vectorize, guvectorize
from kernelc.cuda import from_dtype

import pytest

from ._support import assertPreciseEqual


# Upstream's TestCudaDateTime.
DATETIME = pytest.mark.xfail(
    strict=True,
    reason="unsupported in kernelc: datetime64 / timedelta64 values in kernels "
    "(arrays of datetime64[D], their differences, comparisons and scalar "
    "arguments): kernels cannot use arrays or scalars of dtype datetime64[D]",
)


@DATETIME
def test_basic_datetime_kernel():
    @cuda.jit
    def foo(start, end, delta):
        for i in range(cuda.grid(1), delta.size, cuda.gridsize(1)):
            delta[i] = end[i] - start[i]

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.random.randint(0, 10000, arr1.size)
    delta = np.zeros_like(arr1, dtype="timedelta64[D]")

    foo[1, 32](arr1, arr2, delta)

    assertPreciseEqual(delta, arr2 - arr1)


@DATETIME
def test_scalar_datetime_kernel():
    @cuda.jit
    def foo(dates, target, delta, matches, outdelta):
        for i in range(cuda.grid(1), matches.size, cuda.gridsize(1)):
            matches[i] = dates[i] == target
            outdelta[i] = dates[i] - delta

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    target = arr1[5]  # datetime
    delta = arr1[6] - arr1[5]  # timedelta
    matches = np.zeros_like(arr1, dtype=np.bool_)
    outdelta = np.zeros_like(arr1, dtype="datetime64[D]")

    foo[1, 32](arr1, target, delta, matches, outdelta)
    where = matches.nonzero()

    assert list(where) == [5]
    assertPreciseEqual(outdelta, arr1 - delta)


@DATETIME
def test_ufunc():
    datetime_t = from_dtype(np.dtype("datetime64[D]"))

    @vectorize([(datetime_t, datetime_t)], target="cuda")
    def timediff(start, end):
        return end - start

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.random.randint(0, 10000, arr1.size)

    delta = timediff(arr1, arr2)

    assertPreciseEqual(delta, arr2 - arr1)


def test_datetime_cupy_inputs():
    cp = pytest.importorskip(
        "cupy",
        minversion="14.0.0",
        reason="requires CuPy >= 14 for datetime DLPack interop",
    )
    datetime_t = from_dtype(cp.dtype("datetime64[D]"))

    @cuda.jit
    def assign(out, arr):
        for i in range(arr.shape[0]):
            out[i] = arr[i]

    # CuPy doesn't allow constructing the datetime64[D] array directly
    arr = cp.array(
        np.arange("2005-02", "2006-02", dtype="datetime64[D]").view("int64")
    ).view("datetime64[D]")

    out = cp.empty(arr.size, dtype="float64").view("datetime64[D]")
    assign[1, 1](out, arr)

    assertPreciseEqual(arr.get(), out.get())


@DATETIME
def test_gufunc():
    datetime_t = from_dtype(np.dtype("datetime64[D]"))
    timedelta_t = from_dtype(np.dtype("timedelta64[D]"))

    @guvectorize(
        [(datetime_t, datetime_t, timedelta_t[:])],
        "(),()->()",
        target="cuda",
    )
    def timediff(start, end, out):
        out[0] = end - start

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.random.randint(0, 10000, arr1.size)

    delta = timediff(arr1, arr2)

    assertPreciseEqual(delta, arr2 - arr1)


def test_datetime_view_as_int64():
    arr = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    darr = cuda.to_device(arr)
    viewed = darr.view(np.int64)
    assertPreciseEqual(arr.view(np.int64), viewed.copy_to_host())
    assert viewed.gpu_data == darr.gpu_data


def test_timedelta_view_as_int64():
    arr = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr = arr - (arr - 1)
    assert arr.dtype == np.dtype("timedelta64[D]")
    darr = cuda.to_device(arr)
    viewed = darr.view(np.int64)
    assertPreciseEqual(arr.view(np.int64), viewed.copy_to_host())
    assert viewed.gpu_data == darr.gpu_data
