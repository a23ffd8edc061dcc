# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_retrieve_autoconverted_arrays.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda.args import wrap_arg


class DefaultIn:
    def prepare_args(self, ty, val, **kwargs):
        return ty, wrap_arg(val, default=cuda.In)


def nocopy(kernel):
    kernel.extensions.append(DefaultIn())
    return kernel


def set_array_to_three(arr):
    arr[0] = 3


def set_record_to_three(rec):
    rec[0]["b"] = 3


recordtype = np.dtype([("b", np.int32)], align=True)


# Upstream's TestRetrieveAutoconvertedArrays.setUp: the kernels, made anew
# for each test, as module globals the tests read.
@pytest.fixture(autouse=True)
def setUp():
    global set_array_to_three_k, set_array_to_three_nocopy
    global set_record_to_three_k, set_record_to_three_nocopy
    set_array_to_three_k = cuda.jit(set_array_to_three)
    set_array_to_three_nocopy = nocopy(cuda.jit(set_array_to_three))
    set_record_to_three_k = cuda.jit(set_record_to_three)
    set_record_to_three_nocopy = nocopy(cuda.jit(set_record_to_three))


def test_array_inout():
    host_arr = np.zeros(1, dtype=np.int64)
    set_array_to_three_k[1, 1](cuda.InOut(host_arr))
    assert 3 == host_arr[0]


def test_array_in():
    host_arr = np.zeros(1, dtype=np.int64)
    set_array_to_three_k[1, 1](cuda.In(host_arr))
    assert 0 == host_arr[0]


def test_array_in_from_config():
    host_arr = np.zeros(1, dtype=np.int64)
    set_array_to_three_nocopy[1, 1](host_arr)
    assert 0 == host_arr[0]


def test_array_default():
    host_arr = np.zeros(1, dtype=np.int64)
    set_array_to_three_k[1, 1](host_arr)
    assert 3 == host_arr[0]


def test_record_in():
    host_rec = np.zeros(1, dtype=recordtype)
    set_record_to_three_k[1, 1](cuda.In(host_rec))
    assert 0 == host_rec[0]["b"]


def test_record_inout():
    host_rec = np.zeros(1, dtype=recordtype)
    set_record_to_three_k[1, 1](cuda.InOut(host_rec))
    assert 3 == host_rec[0]["b"]


def test_record_default():
    host_rec = np.zeros(1, dtype=recordtype)
    set_record_to_three_k[1, 1](host_rec)
    assert 3 == host_rec[0]["b"]


def test_record_in_from_config():
    host_rec = np.zeros(1, dtype=recordtype)
    set_record_to_three_nocopy[1, 1](host_rec)
    assert 0 == host_rec[0]["b"]
