# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_optimization.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np

from kernelc import cuda

# Left out: test_eager_opt, test_eager_noopt, test_device_opt and
# test_device_noopt, which only read Numba's PTX (`__local_depot0`,
# `fma.rn.f64`), and the PTX checks of the two lazy tests kept below. The
# two lazy tests keep their launch, and check the value the kernel writes.


def kernel_func(x):
    x[0] = 1


def test_lazy_opt():
    # Optimization should occur by default
    kernel = cuda.jit(kernel_func)
    x = np.zeros(1, dtype=np.float64)
    kernel[1, 1](x)
    assert x[0] == 1


def test_lazy_noopt():
    # Optimization disabled
    kernel = cuda.jit(opt=False)(kernel_func)
    x = np.zeros(1, dtype=np.float64)
    kernel[1, 1](x)
    assert x[0] == 1
