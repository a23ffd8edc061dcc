# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_host_alloc.py. Upstream: Copyright
# (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the imports
# changed (`driver` is kernelc's `cuda.cudadrv.driver`) and the unittest
# scaffolding turned into pytest functions; see ../README.md. Left out:
# test_host_alloc_driver (the context's raw allocation, `memhostalloc`, a
# driver `MappedMemory` object used as a NumPy buffer).

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda.cudadrv import driver


@pytest.fixture(autouse=True)
def _reset_context():
    yield
    cuda.current_context().reset()


def test_host_alloc_pinned():
    ary = cuda.pinned_array(10, dtype=np.uint32)
    ary.fill(123)
    assert all(ary == 123)
    devary = cuda.to_device(ary)
    driver.device_memset(devary, 0, driver.device_memory_size(devary))
    assert all(ary == 123)
    devary.copy_to_host(ary)
    assert all(ary == 0)


def test_host_alloc_mapped():
    ary = cuda.mapped_array(10, dtype=np.uint32)
    ary.fill(123)
    assert all(ary == 123)
    driver.device_memset(ary, 0, driver.device_memory_size(ary))
    assert all(ary == 0)
    assert sum(ary != 0) == 0


def test_host_operators():
    for ary in [
        cuda.mapped_array(10, dtype=np.uint32),
        cuda.pinned_array(10, dtype=np.uint32),
    ]:
        ary[:] = range(10)
        assert sum(ary + 1) == 55
        assert sum((ary + 1) * 2 - 1) == 100
        assert sum(ary < 5) == 5
        assert sum(ary <= 5) == 6
        assert sum(ary > 6) == 3
        assert sum(ary >= 6) == 4
        assert sum(ary**2) == 285
        assert sum(ary // 2) == 20
        assert sum(ary / 2.0) == 22.5
        assert sum(ary % 2) == 5
