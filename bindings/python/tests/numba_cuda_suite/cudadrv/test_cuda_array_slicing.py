# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_cuda_array_slicing.py. Upstream:
# Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the
# import changed and the unittest scaffolding turned into pytest functions;
# see ../README.md.

from itertools import product
from unittest.mock import patch

import numpy as np
import pytest

from kernelc import cuda


# CudaArrayIndexing


def test_index_1d():
    arr = np.arange(10)
    darr = cuda.to_device(arr)
    (x,) = arr.shape
    for i in range(-x, x):
        assert arr[i] == darr[i]
    with pytest.raises(IndexError):
        darr[-x - 1]
    with pytest.raises(IndexError):
        darr[x]


def test_index_2d():
    arr = np.arange(3 * 4).reshape(3, 4)
    darr = cuda.to_device(arr)
    x, y = arr.shape
    for i in range(-x, x):
        for j in range(-y, y):
            assert arr[i, j] == darr[i, j]
    with pytest.raises(IndexError):
        darr[-x - 1, 0]
    with pytest.raises(IndexError):
        darr[x, 0]
    with pytest.raises(IndexError):
        darr[0, -y - 1]
    with pytest.raises(IndexError):
        darr[0, y]


def test_index_3d():
    arr = np.arange(3 * 4 * 5).reshape(3, 4, 5)
    darr = cuda.to_device(arr)
    x, y, z = arr.shape
    for i in range(-x, x):
        for j in range(-y, y):
            for k in range(-z, z):
                assert arr[i, j, k] == darr[i, j, k]
    with pytest.raises(IndexError):
        darr[-x - 1, 0, 0]
    with pytest.raises(IndexError):
        darr[x, 0, 0]
    with pytest.raises(IndexError):
        darr[0, -y - 1, 0]
    with pytest.raises(IndexError):
        darr[0, y, 0]
    with pytest.raises(IndexError):
        darr[0, 0, -z - 1]
    with pytest.raises(IndexError):
        darr[0, 0, z]


# CudaArrayStridedSlice


def test_strided_index_1d():
    arr = np.arange(10)
    darr = cuda.to_device(arr)
    for i in range(arr.size):
        np.testing.assert_equal(arr[i::2], darr[i::2].copy_to_host())


def test_strided_index_2d():
    arr = np.arange(6 * 7).reshape(6, 7)
    darr = cuda.to_device(arr)

    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            np.testing.assert_equal(arr[i::2, j::2], darr[i::2, j::2].copy_to_host())


def test_strided_index_3d():
    arr = np.arange(6 * 7 * 8).reshape(6, 7, 8)
    darr = cuda.to_device(arr)

    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            for k in range(arr.shape[2]):
                np.testing.assert_equal(
                    arr[i::2, j::2, k::2],
                    darr[i::2, j::2, k::2].copy_to_host(),
                )


# CudaArraySlicing


def test_prefix_1d():
    arr = np.arange(5)
    darr = cuda.to_device(arr)
    for i in range(arr.size):
        expect = arr[i:]
        got = darr[i:].copy_to_host()
        assert np.all(expect == got)


def test_prefix_2d():
    arr = np.arange(3**2).reshape(3, 3)
    darr = cuda.to_device(arr)
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            expect = arr[i:, j:]
            sliced = darr[i:, j:]
            assert expect.shape == sliced.shape
            assert expect.strides == sliced.strides
            got = sliced.copy_to_host()
            assert np.all(expect == got)


def test_select_3d_first_two_dim():
    arr = np.arange(3 * 4 * 5).reshape(3, 4, 5)
    darr = cuda.to_device(arr)
    # Select first dimension
    for i in range(arr.shape[0]):
        expect = arr[i]
        sliced = darr[i]
        assert expect.shape == sliced.shape
        assert expect.strides == sliced.strides
        got = sliced.copy_to_host()
        assert np.all(expect == got)
    # Select second dimension
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            expect = arr[i, j]
            sliced = darr[i, j]
            assert expect.shape == sliced.shape
            assert expect.strides == sliced.strides
            got = sliced.copy_to_host()
            assert np.all(expect == got)


def test_select_f():
    a = np.arange(5 * 6 * 7).reshape(5, 6, 7, order="F")
    da = cuda.to_device(a)

    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            assert np.array_equal(da[i, j, :].copy_to_host(), a[i, j, :])
        for j in range(a.shape[2]):
            assert np.array_equal(da[i, :, j].copy_to_host(), a[i, :, j])
    for i in range(a.shape[1]):
        for j in range(a.shape[2]):
            assert np.array_equal(da[:, i, j].copy_to_host(), a[:, i, j])


def test_select_c():
    a = np.arange(5 * 6 * 7).reshape(5, 6, 7, order="C")
    da = cuda.to_device(a)

    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            assert np.array_equal(da[i, j, :].copy_to_host(), a[i, j, :])
        for j in range(a.shape[2]):
            assert np.array_equal(da[i, :, j].copy_to_host(), a[i, :, j])
    for i in range(a.shape[1]):
        for j in range(a.shape[2]):
            assert np.array_equal(da[:, i, j].copy_to_host(), a[:, i, j])


def test_prefix_select():
    arr = np.arange(5 * 7).reshape(5, 7, order="F")

    darr = cuda.to_device(arr)
    assert np.all(darr[:1, 1].copy_to_host() == arr[:1, 1])


def test_negative_slicing_1d():
    arr = np.arange(10)
    darr = cuda.to_device(arr)
    for i, j in product(range(-10, 10), repeat=2):
        np.testing.assert_array_equal(arr[i:j], darr[i:j].copy_to_host())


def test_negative_slicing_2d():
    arr = np.arange(12).reshape(3, 4)
    darr = cuda.to_device(arr)
    for x, y, w, s in product(range(-4, 4), repeat=4):
        np.testing.assert_array_equal(arr[x:y, w:s], darr[x:y, w:s].copy_to_host())


def test_empty_slice_1d():
    arr = np.arange(5)
    darr = cuda.to_device(arr)
    for i in range(darr.shape[0]):
        np.testing.assert_array_equal(darr[i:i].copy_to_host(), arr[i:i])
    # empty slice of empty slice
    assert not darr[:0][:0].copy_to_host().size > 0
    # out-of-bound slice just produces empty slices
    np.testing.assert_array_equal(darr[:0][:1].copy_to_host(), arr[:0][:1])
    np.testing.assert_array_equal(darr[:0][-1:].copy_to_host(), arr[:0][-1:])


def test_empty_slice_2d():
    arr = np.arange(5 * 7).reshape(5, 7)
    darr = cuda.to_device(arr)
    np.testing.assert_array_equal(darr[:0].copy_to_host(), arr[:0])
    np.testing.assert_array_equal(darr[3, :0].copy_to_host(), arr[3, :0])
    # empty slice of empty slice
    assert not darr[:0][:0].copy_to_host().size > 0
    # out-of-bound slice just produces empty slices
    np.testing.assert_array_equal(darr[:0][:1].copy_to_host(), arr[:0][:1])
    np.testing.assert_array_equal(darr[:0][-1:].copy_to_host(), arr[:0][-1:])


# CudaArraySetting: most of the slicing logic is tested in the cases above,
# so these tests focus on the setting logic.


def test_scalar():
    arr = np.arange(5 * 7).reshape(5, 7)
    darr = cuda.to_device(arr)
    arr[2, 2] = 500
    darr[2, 2] = 500
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_rank():
    arr = np.arange(5 * 7).reshape(5, 7)
    darr = cuda.to_device(arr)
    arr[2] = 500
    darr[2] = 500
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_broadcast():
    arr = np.arange(5 * 7).reshape(5, 7)
    darr = cuda.to_device(arr)
    arr[:, 2] = 500
    darr[:, 2] = 500
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_array_assign_column():
    arr = np.arange(5 * 7).reshape(5, 7)
    darr = cuda.to_device(arr)
    _400 = np.full(shape=7, fill_value=400)
    arr[2] = _400
    darr[2] = _400
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_array_assign_row():
    arr = np.arange(5 * 7).reshape(5, 7)
    darr = cuda.to_device(arr)
    _400 = np.full(shape=5, fill_value=400)
    arr[:, 2] = _400
    darr[:, 2] = _400
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_array_assign_subarray():
    arr = np.arange(5 * 6 * 7).reshape(5, 6, 7)
    darr = cuda.to_device(arr)
    _400 = np.full(shape=(6, 7), fill_value=400)
    arr[2] = _400
    darr[2] = _400
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_array_assign_deep_subarray():
    arr = np.arange(5 * 6 * 7 * 8).reshape(5, 6, 7, 8)
    darr = cuda.to_device(arr)
    _400 = np.full(shape=(5, 6, 8), fill_value=400)
    arr[:, :, 2] = _400
    darr[:, :, 2] = _400
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_array_assign_all():
    arr = np.arange(5 * 7).reshape(5, 7)
    darr = cuda.to_device(arr)
    _400 = np.full(shape=(5, 7), fill_value=400)
    arr[:] = _400
    darr[:] = _400
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_strides():
    arr = np.ones(20)
    darr = cuda.to_device(arr)
    arr[::2] = 500
    darr[::2] = 500
    np.testing.assert_array_equal(darr.copy_to_host(), arr)


def test_incompatible_highdim():
    darr = cuda.to_device(np.arange(5 * 7))

    with pytest.raises(ValueError) as e:
        darr[:] = np.ones(shape=(1, 2, 3))

    assert str(e.value) in [
        "Can't assign 3-D array to 1-D self",  # device
        "could not broadcast input array from shape (2,3) into shape (35,)",  # simulator, NP >= 1.20
    ]


def test_incompatible_shape():
    darr = cuda.to_device(np.arange(5))

    with pytest.raises(ValueError) as e:
        darr[:] = [1, 3]

    assert str(e.value) in [
        "Can't copy sequence with size 2 to array axis 0 with dimension 5",  # device
        "could not broadcast input array from shape (2,) into shape (5,)",  # simulator, NP >= 1.20
    ]


def test_sync():
    # There should be a synchronization when no stream is supplied
    darr = cuda.to_device(np.arange(5))

    with patch.object(cuda.cudadrv.driver.Stream, "synchronize", return_value=None) as mock_sync:
        darr[0] = 10

    mock_sync.assert_called_once()


def test_no_sync_default_stream():
    # There should not be a synchronization when the array has a default
    # stream, whether it is the default stream, the legacy default stream,
    # the per-thread default stream, or another stream.
    streams = (
        cuda.stream(),
        cuda.default_stream(),
        cuda.legacy_default_stream(),
        cuda.per_thread_default_stream(),
    )

    for stream in streams:
        darr = cuda.to_device(np.arange(5), stream=stream)

        with patch.object(cuda.cudadrv.driver.Stream, "synchronize", return_value=None) as mock_sync:
            darr[0] = 10

        mock_sync.assert_not_called()


def test_no_sync_supplied_stream():
    # There should not be a synchronization when a stream is supplied for
    # the setitem call, whether it is the default stream, the legacy default
    # stream, the per-thread default stream, or another stream.
    streams = (
        cuda.stream(),
        cuda.default_stream(),
        cuda.legacy_default_stream(),
        cuda.per_thread_default_stream(),
    )

    for stream in streams:
        darr = cuda.to_device(np.arange(5))

        with patch.object(cuda.cudadrv.driver.Stream, "synchronize", return_value=None) as mock_sync:
            darr.setitem(0, 10, stream=stream)

        mock_sync.assert_not_called()


@pytest.mark.skip(reason="Requires PR #6367 (skipped upstream)")
def test_issue_6505():
    # On Windows, the writes to ary_v would not be visible prior to the
    # assertion, due to the assignment being done with a kernel launch that
    # returns asynchronously - there should now be a sync after the kernel
    # launch to ensure that the writes are always visible.
    ary = cuda.mapped_array(2, dtype=np.int32)
    ary[:] = 0

    ary_v = ary.view("u1")
    ary_v[1] = 1
    ary_v[5] = 1
    assert sum(ary) == 512
