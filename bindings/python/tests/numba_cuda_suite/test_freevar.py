# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_freevar.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np

from kernelc import cuda


def test_freevar():
    """Make sure we can compile the following kernel with freevar reference
    in arguments to shared.array
    """
    from kernelc.cuda import float32

    size = 1024
    nbtype = float32

    @cuda.jit("(float32[::1], intp)")
    def foo(A, i):
        "Dummy function"
        sdata = cuda.shared.array(
            size,  # size is freevar
            dtype=nbtype,
        )  # nbtype is freevar
        A[i] = sdata[i]

    A = np.arange(2, dtype="float32")
    foo[1, 1](A, 0)


