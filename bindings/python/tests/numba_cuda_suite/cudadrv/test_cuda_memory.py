# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_cuda_memory.py. Upstream:
# Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. The
# imports changed (`driver`, `devices` are kernelc's `cuda.cudadrv.driver`
# and `cuda.cudadrv.devices`) and the unittest scaffolding turned into pytest
# functions; see ../README.md. Left out: `TestCudaMemory` (its 7 tests read
# the driver's memory objects: `MemoryPointer` and its `view`, `owner`,
# `refct`, `own()` and finalizer, the context's `memhostalloc`, `mempin`,
# `memallocmanaged`, `is_device_memory`, `require_device_memory` and a
# `ctypes.c_size_t` `device_ctypes_pointer`).

import ctypes

import numpy as np
import pytest

from kernelc.cuda.cudadrv import devices, driver


@pytest.fixture
def context():
    # TestCudaMemoryFunctions' setUp
    return devices.get_context()


def test_memcpy(context):
    hstary = np.arange(100, dtype=np.uint32)
    hstary2 = np.arange(100, dtype=np.uint32)
    sz = hstary.size * hstary.dtype.itemsize
    devary = context.memalloc(sz)
    driver.host_to_device(devary, hstary, sz)
    driver.device_to_host(hstary2, devary, sz)
    assert np.all(hstary == hstary2)


def test_memset(context):
    dtype = np.dtype("uint32")
    n = 10
    sz = dtype.itemsize * 10
    devary = context.memalloc(sz)
    driver.device_memset(devary, 0xAB, sz)

    hstary = np.empty(n, dtype=dtype)
    driver.device_to_host(hstary, devary, sz)

    hstary2 = np.array([0xABABABAB] * n, dtype=np.dtype("uint32"))
    assert np.all(hstary == hstary2)


def test_d2d(context):
    hst = np.arange(100, dtype=np.uint32)
    hst2 = np.empty_like(hst)
    sz = hst.size * hst.dtype.itemsize
    dev1 = context.memalloc(sz)
    dev2 = context.memalloc(sz)
    driver.host_to_device(dev1, hst, sz)
    driver.device_to_device(dev2, dev1, sz)
    driver.device_to_host(hst2, dev2, sz)
    assert np.all(hst == hst2)


# TestMVExtent


def test_c_contiguous_array():
    ary = np.arange(100)
    arysz = ary.dtype.itemsize * ary.size
    s, e = driver.host_memory_extents(ary)
    assert ary.ctypes.data == s
    assert arysz == driver.host_memory_size(ary)


def test_f_contiguous_array():
    ary = np.asfortranarray(np.arange(100).reshape(2, 50))
    arysz = ary.dtype.itemsize * np.prod(ary.shape)
    s, e = driver.host_memory_extents(ary)
    assert ary.ctypes.data == s
    assert arysz == driver.host_memory_size(ary)


def test_single_element_array():
    ary = np.asarray(np.uint32(1234))
    arysz = ary.dtype.itemsize
    s, e = driver.host_memory_extents(ary)
    assert ary.ctypes.data == s
    assert arysz == driver.host_memory_size(ary)


def test_ctypes_struct():
    class mystruct(ctypes.Structure):
        _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int)]

    data = mystruct(x=123, y=432)
    sz = driver.host_memory_size(data)
    assert ctypes.sizeof(data) == sz


def test_ctypes_double():
    data = ctypes.c_double(1.234)
    sz = driver.host_memory_size(data)
    assert ctypes.sizeof(data) == sz
