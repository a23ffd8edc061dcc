# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_cuda_devicerecord.py. Upstream:
# Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. The
# imports changed (`DeviceRecord`, `from_record_like`, `auto_device` from
# kernelc's `cuda.cudadrv.devicearray`; `numpy_support` is numba-cuda's, as
# upstream, to type the record) and the unittest scaffolding turned into
# pytest functions: the two DeviceRecord classes (np.void and np.record host
# records) are one fixture with two params; see ../README.md.

import ctypes

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda.cudadrv.devicearray import DeviceRecord, auto_device, from_record_like

numpy_support = pytest.importorskip("numba.cuda.np.numpy_support")

N_CHARS = 5

recordtype = np.dtype(
    [
        ("a", np.float64),
        ("b", np.int32),
        ("c", np.complex64),
        ("d", (np.str_, N_CHARS)),
    ],
    align=True,
)

recordwitharray = np.dtype([("g", np.int32), ("h", np.float32, 2)], align=True)

recwithmat = np.dtype([("i", np.int32), ("j", np.float32, (3, 3))])

recwithrecwithmat = np.dtype([("x", np.int32), ("y", recwithmat)])


# TestCudaDeviceRecord (np.void host types) and TestCudaDeviceRecordWithRecord
# (np.record host types): setUp's data.


class _Data:
    def __init__(self, array_ctor):
        self.dtype = np.dtype([("a", np.int32), ("b", np.float32)], align=True)
        self.hostz = array_ctor(1, self.dtype)[0]
        self.hostnz = array_ctor(1, self.dtype)[0]
        self.hostnz["a"] = 10
        self.hostnz["b"] = 11.0


@pytest.fixture(params=[np.zeros, np.recarray], ids=["void", "record"])
def data(request):
    return _Data(request.param)


def _check_device_record(reference, rec):
    assert rec.shape == tuple()
    assert rec.strides == tuple()
    assert rec.dtype == reference.dtype
    assert rec.alloc_size == reference.dtype.itemsize
    assert rec.gpu_data is not None
    assert rec.device_ctypes_pointer != ctypes.c_void_p(0)

    numba_type = numpy_support.from_dtype(reference.dtype)
    assert rec._numba_type_ == numba_type


def test_device_record_interface(data):
    hostrec = data.hostz.copy()
    devrec = DeviceRecord(data.dtype)
    _check_device_record(hostrec, devrec)


def test_device_record_copy(data):
    hostrec = data.hostz.copy()
    devrec = DeviceRecord(data.dtype)
    devrec.copy_to_device(hostrec)

    # Copy back and check values are all zeros
    hostrec2 = data.hostnz.copy()
    devrec.copy_to_host(hostrec2)
    np.testing.assert_equal(data.hostz, hostrec2)

    # Copy non-zero values to GPU and back and check values
    hostrec3 = data.hostnz.copy()
    devrec.copy_to_device(hostrec3)

    hostrec4 = data.hostz.copy()
    devrec.copy_to_host(hostrec4)
    np.testing.assert_equal(hostrec4, data.hostnz)


def test_from_record_like(data):
    # Create record from host record
    hostrec = data.hostz.copy()
    devrec = from_record_like(hostrec)
    _check_device_record(hostrec, devrec)

    # Create record from device record and check for distinct data
    devrec2 = from_record_like(devrec)
    _check_device_record(devrec, devrec2)
    assert devrec.gpu_data != devrec2.gpu_data


def test_auto_device(data):
    # Create record from host record
    hostrec = data.hostnz.copy()
    devrec, new_gpu_obj = auto_device(hostrec)
    _check_device_record(hostrec, devrec)
    assert new_gpu_obj

    # Copy data back and check it is equal to auto_device arg
    hostrec2 = data.hostz.copy()
    devrec.copy_to_host(hostrec2)
    np.testing.assert_equal(hostrec2, hostrec)


# TestRecordDtypeWithStructArrays: device arrays of structured dtypes.


class _Samples:
    def __init__(self):
        self.sample1d = cuda.device_array(3, dtype=recordtype)
        self.samplerec1darr = cuda.device_array(1, dtype=recordwitharray)[0]
        self.samplerecmat = cuda.device_array(1, dtype=recwithmat)[0]


@pytest.fixture
def samples():
    s = _Samples()
    ary = s.sample1d
    for i in range(ary.size):
        x = i + 1
        ary[i]["a"] = x / 2
        ary[i]["b"] = x
        ary[i]["c"] = x * 1j
        ary[i]["d"] = str(x) * N_CHARS
    return s


def test_structured_array1(samples):
    ary = samples.sample1d
    for i in range(samples.sample1d.size):
        x = i + 1
        assert ary[i]["a"] == x / 2
        assert ary[i]["b"] == x
        assert ary[i]["c"] == x * 1j
        assert ary[i]["d"] == str(x) * N_CHARS


def test_structured_array2(samples):
    ary = samples.samplerec1darr
    ary["g"] = 2
    ary["h"][0] = 3.0
    ary["h"][1] = 4.0
    assert ary["g"] == 2
    assert ary["h"][0] == 3.0
    assert ary["h"][1] == 4.0


def test_structured_array3(samples):
    ary = samples.samplerecmat
    mat = np.array(
        [[5.0, 10.0, 15.0], [20.0, 25.0, 30.0], [35.0, 40.0, 45.0]],
        dtype=np.float32,
    ).reshape(3, 3)
    ary["j"][:] = mat
    np.testing.assert_equal(ary["j"], mat)


def test_structured_array4():
    arr = np.zeros(1, dtype=recwithrecwithmat)
    d_arr = cuda.to_device(arr)
    d_arr[0]["y"]["i"] = 1
    assert d_arr[0]["y"]["i"] == 1
    d_arr[0]["y"]["j"][0, 0] = 2.0
    assert d_arr[0]["y"]["j"][0, 0] == 2.0
