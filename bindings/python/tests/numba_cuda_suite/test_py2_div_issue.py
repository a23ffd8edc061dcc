# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_py2_div_issue.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda
from kernelc.cuda import float32, int32, void


def test_py2_div_issue():
    @cuda.jit(void(float32[:], float32[:], float32[:], int32))
    def preCalc(y, yA, yB, numDataPoints):
        i = cuda.grid(1)
        # k is unused, but may be part of the trigger for the bug this
        # tests for.
        k = i % numDataPoints  # noqa: F841

        ans = float32(1.001 * float32(i))

        y[i] = ans
        yA[i] = ans * 1.0
        yB[i] = ans / 1.0

    numDataPoints = 15

    y = np.zeros(numDataPoints, dtype=np.float32)
    yA = np.zeros(numDataPoints, dtype=np.float32)
    yB = np.zeros(numDataPoints, dtype=np.float32)
    preCalc[1, 15](y, yA, yB, numDataPoints)

    assert np.all(y == yA)
    assert np.all(y == yB)


