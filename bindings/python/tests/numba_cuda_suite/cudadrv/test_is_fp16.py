# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_is_fp16.py. Upstream: Copyright (c)
# 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed
# and the unittest scaffolding turned into pytest functions; see ../README.md.
# `skip_unless_cc_53` dropped: kernelc has float16 on every target.

from kernelc import cuda


def test_is_fp16_supported():
    assert cuda.is_float16_supported()


def test_device_supports_float16():
    assert cuda.get_current_device().supports_float16
