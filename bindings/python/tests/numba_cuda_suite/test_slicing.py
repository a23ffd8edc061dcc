# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_slicing.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda


def foo(inp, out):
    for i in range(out.shape[0]):
        out[i] = inp[i]


def copy(inp, out):
    i = cuda.grid(1)
    cufoo(inp[i, :], out[i, :])


def test_slice_as_arg():
    global cufoo
    cufoo = cuda.jit("void(int32[:], int32[:])", device=True)(foo)
    cucopy = cuda.jit("void(int32[:,:], int32[:,:])")(copy)

    inp = np.arange(100, dtype=np.int32).reshape(10, 10)
    out = np.zeros_like(inp)

    cucopy[1, 10](inp, out)

def test_assign_empty_slice():
    # Issue #5017. Assigning to an empty slice should not result in a
    # CudaAPIError.
    N = 0
    a = range(N)
    arr = cuda.device_array(len(a))
    arr[:] = cuda.to_device(a)


