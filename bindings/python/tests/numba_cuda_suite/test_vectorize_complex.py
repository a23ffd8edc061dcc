# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_vectorize_complex.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc.cuda import vectorize


def test_vectorize_complex():
    @vectorize(["complex128(complex128)"], target="cuda")
    def vcomp(a):
        return a * a + 1.0

    A = np.arange(5, dtype=np.complex128)
    B = vcomp(A)
    assert np.allclose(A * A + 1.0, B)


