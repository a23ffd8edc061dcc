# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_transpose.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest
from kernelc import cuda





@pytest.mark.xfail(
    strict=True,
    reason=(
        'binding difference: DeviceNDArray.T of a non-contiguous view keeps '
        "NumPy's strides (16, 192) where numba-cuda makes a C-contiguous array "
        '(strides (40, 8), numba issue #4974); the values agree'
    ),
)
def test_transpose_view():
    # Because the strides of transposes of views differ to those in NumPy
    # (see issue #4974), we test the shape and strides of a transpose.
    a = np.arange(120, dtype=np.int64).reshape((10, 12))
    a_view_t = a[::2, ::2].T

    d_a = cuda.to_device(a)
    d_a_view_t = d_a[::2, ::2].T

    assert d_a_view_t.shape == (6, 5)
    assert d_a_view_t.strides == (40, 8)

    h_a_view_t = d_a_view_t.copy_to_host()
    np.testing.assert_array_equal(a_view_t, h_a_view_t)


