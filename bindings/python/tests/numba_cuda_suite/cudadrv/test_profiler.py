# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_profiler.py. Upstream: Copyright (c)
# 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed
# and the unittest scaffolding turned into pytest functions; see ../README.md.

from kernelc import cuda


def test_profiling():
    with cuda.profiling():
        a = cuda.device_array(10)
        del a

    with cuda.profiling():
        a = cuda.device_array(100)
        del a
