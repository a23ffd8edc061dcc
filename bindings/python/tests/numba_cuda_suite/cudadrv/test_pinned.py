# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_pinned.py. Upstream: Copyright (c)
# 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed
# and the unittest scaffolding turned into pytest functions; see ../README.md.

import platform

import numpy as np

from kernelc import cuda


def _run_copies(A):
    A0 = np.copy(A)

    stream = cuda.stream()
    ptr = cuda.to_device(A, copy=False, stream=stream)
    ptr.copy_to_device(A, stream=stream)
    ptr.copy_to_host(A, stream=stream)
    stream.synchronize()

    assert np.allclose(A, A0)


def test_pinned():
    machine = platform.machine()
    if machine.startswith("arm") or machine.startswith("aarch64"):
        count = 262144  # 2MB
    else:
        count = 2097152  # 16MB
    A = np.arange(count)
    with cuda.pinned(A):
        _run_copies(A)


def test_unpinned():
    A = np.arange(2 * 1024 * 1024)  # 16 MB
    _run_copies(A)
