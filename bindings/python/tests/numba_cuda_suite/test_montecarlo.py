# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_montecarlo.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import math
from kernelc import cuda


def test_montecarlo():
    """Just make sure we can compile this"""

    @cuda.jit(
        "void(double[:], double[:], double, double, double, double[:])"
    )
    def step(last, paths, dt, c0, c1, normdist):
        i = cuda.grid(1)
        if i >= paths.shape[0]:
            return
        noise = normdist[i]
        paths[i] = last[i] * math.exp(c0 * dt + c1 * noise)


