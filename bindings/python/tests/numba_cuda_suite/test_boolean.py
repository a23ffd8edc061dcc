# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_boolean.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda


def boolean_func(A, vertial):
    if vertial:
        A[0] = 123
    else:
        A[0] = 321


def test_boolean():
    func = cuda.jit("void(float64[:], bool_)")(boolean_func)
    A = np.array([0], dtype="float64")
    func[1, 1](A, True)
    assert A[0] == 123
    func[1, 1](A, False)
    assert A[0] == 321


