# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_vectorize_scalar_arg.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc.cuda import vectorize
from kernelc import cuda
from kernelc.cuda import float64

sig = [float64(float64, float64)]


def test_vectorize_scalar_arg():
    @vectorize(sig, target="cuda")
    def vector_add(a, b):
        return a + b

    A = np.arange(10, dtype=np.float64)
    dA = cuda.to_device(A)
    v = vector_add(1.0, dA)

    np.testing.assert_array_almost_equal(
        v.copy_to_host(), np.arange(1, 11, dtype=np.float64)
    )

def test_vectorize_all_scalars():
    @vectorize(sig, target="cuda")
    def vector_add(a, b):
        return a + b

    v = vector_add(1.0, 1.0)

    np.testing.assert_almost_equal(2.0, v)


