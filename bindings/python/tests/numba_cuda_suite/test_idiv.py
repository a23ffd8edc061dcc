# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_idiv.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda
from kernelc.cuda import float32, float64, int32, void


def test_inplace_div():
    @cuda.jit(void(float32[:, :], int32, int32))
    def div(grid, l_x, l_y):
        for x in range(l_x):
            for y in range(l_y):
                grid[x, y] /= 2.0

    x = np.ones((2, 2), dtype=np.float32)
    grid = cuda.to_device(x)
    div[1, 1](grid, 2, 2)
    y = grid.copy_to_host()
    assert np.all(y == 0.5)

def test_inplace_div_double():
    @cuda.jit(void(float64[:, :], int32, int32))
    def div_double(grid, l_x, l_y):
        for x in range(l_x):
            for y in range(l_y):
                grid[x, y] /= 2.0

    x = np.ones((2, 2), dtype=np.float64)
    grid = cuda.to_device(x)
    div_double[1, 1](grid, 2, 2)
    y = grid.copy_to_host()
    assert np.all(y == 0.5)


