# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_cffi.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import pathlib

import numpy as np
import pytest
from kernelc import cuda
from kernelc.cuda import types

cffi = pytest.importorskip("cffi")
# numba-cuda's test data (upstream: `numba.cuda.testing.test_data_dir`).
_numba_cuda_tests = pytest.importorskip("numba.cuda.tests")
test_data_dir = pathlib.Path(_numba_cuda_tests.__file__).parent / "data"


def test_from_buffer():
    import cffi

    ffi = cffi.FFI()

    link = str(test_data_dir / "jitlink.ptx")
    sig = types.void(types.CPointer(types.int32))
    array_mutator = cuda.declare_device("array_mutator", sig)

    @cuda.jit(link=[link])
    def mutate_array(x):
        x_ptr = ffi.from_buffer(x)
        array_mutator(x_ptr)

    x = np.arange(2).astype(np.int32)
    mutate_array[1, 1](x)

    # The foreign function should have copied element 1 to element 0
    assert x[0] == x[1]
