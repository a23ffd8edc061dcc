# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_managed_alloc.py. Upstream:
# Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the
# import changed and the unittest scaffolding turned into pytest functions;
# see ../README.md. Left out: the three `_test_managed_alloc_driver` tests
# (`test_managed_alloc_driver_undersubscribe`, `_oversubscribe`, skipped
# upstream, and `_host_attach`: the driver's `cuMemGetInfo` and the
# context's raw `memallocmanaged`, used as a NumPy buffer); `linux_only` and
# `skip_on_arm` dropped.

import numpy as np
import pytest

from kernelc import cuda


@pytest.fixture(autouse=True)
def _reset_context():
    yield
    cuda.current_context().reset()


def skip_if_cc_major_lt(min_required, reason):
    """
    Skip the current test if the compute capability of the device is
    less than `min_required`.
    """
    ctx = cuda.current_context()
    cc_major = ctx.device.compute_capability[0]
    if cc_major < min_required:
        pytest.skip(reason)


def _test_managed_array(attach_global=True):
    # Check the managed_array interface on both host and device.

    ary = cuda.managed_array(100, dtype=np.double)
    ary.fill(123.456)
    assert all(ary == 123.456)

    @cuda.jit("void(double[:])")
    def kernel(x):
        i = cuda.grid(1)
        if i < x.shape[0]:
            x[i] = 1.0

    kernel[10, 10](ary)
    cuda.current_context().synchronize()

    assert all(ary == 1.0)


def test_managed_array_attach_global():
    _test_managed_array()


def test_managed_array_attach_host():
    _test_managed_array()
    msg = "Host attached managed memory is not accessible prior to CC 6.0"
    skip_if_cc_major_lt(6, msg)
    _test_managed_array(attach_global=False)
