# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_vectorize_device.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

from kernelc.cuda import vectorize
from kernelc import cuda
from kernelc.cuda import float32
import numpy as np


def test_cuda_vectorize_device_call():
    @cuda.jit(float32(float32, float32, float32), device=True)
    def cu_device_fn(x, y, z):
        return x**y / z

    def cu_ufunc(x, y, z):
        return cu_device_fn(x, y, z)

    ufunc = vectorize([float32(float32, float32, float32)], target="cuda")(
        cu_ufunc
    )

    N = 100

    X = np.array(np.random.sample(N), dtype=np.float32)
    Y = np.array(np.random.sample(N), dtype=np.float32)
    Z = np.array(np.random.sample(N), dtype=np.float32) + 0.1

    out = ufunc(X, Y, Z)

    gold = (X**Y) / Z

    assert np.allclose(out, gold)


