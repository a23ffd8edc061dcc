# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_multiprocessing.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import concurrent.futures
import multiprocessing as mp

import numpy as np
import pytest

from kernelc import cuda


def test_fork():
    """
    Test fork detection.
    """
    from kernelc.cuda.cudadrv.error import CudaDriverError

    cuda.current_context()  # force cuda initialize
    with concurrent.futures.ProcessPoolExecutor(
        mp_context=mp.get_context("fork")
    ) as exe:
        future = exe.submit(cuda.to_device, np.arange(1))

    if cuda.get_current_device().is_cpu:
        # kernelc's CPU device has no driver context to lose: the forked
        # child copies the array, as the parent would.
        np.testing.assert_array_equal(future.result().copy_to_host(), np.arange(1))
        return
    with pytest.raises(CudaDriverError, match="CUDA initialized before forking"):
        future.result()
