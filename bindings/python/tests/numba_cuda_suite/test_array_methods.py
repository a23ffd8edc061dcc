# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_array_methods.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest
from kernelc import cuda


def reinterpret_array_type(byte_arr, start, stop, output):
    # Tested with just one thread
    val = byte_arr[start:stop].view(np.int32)[0]
    output[0] = val


# Upstream's setUp/tearDown switch on numba-cuda's NRT
# (config.CUDA_ENABLE_NRT) for these tests; kernelc has no NRT setting.


def test_reinterpret_array_type():
    """
    Reinterpret byte array as int32 in the GPU.
    """
    pyfunc = reinterpret_array_type
    kernel = cuda.jit(pyfunc)

    byte_arr = np.arange(256, dtype=np.uint8)
    itemsize = np.dtype(np.int32).itemsize
    for start in range(0, 256, itemsize):
        stop = start + itemsize
        expect = byte_arr[start:stop].view(np.int32)[0]

        output = np.zeros(1, dtype=np.int32)
        kernel[1, 1](byte_arr, start, stop, output)

        got = output[0]
        assert expect == got


@pytest.mark.xfail(
    strict=True,
    reason="unsupported in kernelc: .copy() of an array in a kernel (a global "
    "array, val.copy(); Numba allocates it with its NRT): 'copy' is not an "
    "attribute kernels can use here",
)
def test_array_copy():
    val = np.array([1, 2, 3])[::-1]

    @cuda.jit
    def kernel(out):
        q = val.copy()
        for i in range(len(out)):
            out[i] = q[i]

    out = cuda.to_device(np.zeros(len(val), dtype="float64"))

    kernel[1, 1](out)
    for i, j in zip(out.copy_to_host(), val):
        assert i == j
