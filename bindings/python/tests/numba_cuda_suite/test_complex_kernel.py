# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_complex_kernel.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda


def test_cuda_complex_arg():
    @cuda.jit("void(complex128[:], complex128)")
    def foo(a, b):
        i = cuda.grid(1)
        a[i] += b

    a = np.arange(5, dtype=np.complex128)
    a0 = a.copy()
    foo[1, a.shape](a, 2j)
    assert np.allclose(a, a0 + 2j)


