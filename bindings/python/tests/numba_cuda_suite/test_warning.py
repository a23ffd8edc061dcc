# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_warning.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import warnings

import numpy as np
import pytest

from kernelc import cuda
from kernelc.errors import NumbaPerformanceWarning, NumbaInvalidConfigWarning
from kernelc.cuda import config

from ._support import override_config

run_in_subprocess = pytest.importorskip("numba.cuda.tests.support").run_in_subprocess


def test_float16_warn_if_lto_missing():
    fp16_kernel_invocation = """
import math
from kernelc import cuda

@cuda.jit
def kernel():
    x = cuda.types.float16(1.0)
    y = math.sin(x)

kernel[1,1]()
kernel[1,1]()
"""
    performance_warning = "float16 relies on LTO for performance"
    # kernelc links no libraries: its float16 math is its own PTX, so
    # there is no LTO to miss (numba-cuda's count with nvJitLink: 0).
    expected_warning_count = 0
    _, err = run_in_subprocess(fp16_kernel_invocation)
    assert err.count(performance_warning) == expected_warning_count


def test_inefficient_launch_configuration():
    @cuda.jit
    def kernel():
        pass

    with override_config("CUDA_LOW_OCCUPANCY_WARNINGS", 1):
        with pytest.warns(NumbaPerformanceWarning, match="Grid size .+ low occupancy"):
            func = kernel[1, 1]
    func()


def test_efficient_launch_configuration():
    @cuda.jit
    def kernel():
        pass

    with override_config("CUDA_LOW_OCCUPANCY_WARNINGS", 1):
        with warnings.catch_warnings(record=True) as w:
            kernel[256, 256]()

    assert len(w) == 0


def test_warn_on_host_array():
    @cuda.jit
    def foo(r, x):
        r[0] = x + 1

    N = 10
    arr_f32 = np.zeros(N, dtype=np.float32)
    func = foo[1, N]
    with override_config("CUDA_WARN_ON_IMPLICIT_COPY", 1):
        with pytest.warns(
            NumbaPerformanceWarning,
            match="Host array used in CUDA kernel will incur.+copy overhead",
        ):
            func(arr_f32, N)


def test_pinned_warn_on_host_array():
    @cuda.jit
    def foo(r, x):
        r[0] = x + 1

    N = 10
    ary = cuda.pinned_array(N, dtype=np.float32)

    func = foo[1, N]
    with override_config("CUDA_WARN_ON_IMPLICIT_COPY", 1):
        with pytest.warns(
            NumbaPerformanceWarning,
            match="Host array used in CUDA kernel will incur.+copy overhead",
        ):
            func(ary, N)


def test_nowarn_on_mapped_array():
    @cuda.jit
    def foo(r, x):
        r[0] = x + 1

    N = 10
    ary = cuda.mapped_array(N, dtype=np.float32)

    with override_config("CUDA_WARN_ON_IMPLICIT_COPY", 1):
        with warnings.catch_warnings(record=True) as w:
            foo[1, N](ary, N)

    assert len(w) == 0


def test_nowarn_on_managed_array():
    @cuda.jit
    def foo(r, x):
        r[0] = x + 1

    N = 10
    ary = cuda.managed_array(N, dtype=np.float32)

    with override_config("CUDA_WARN_ON_IMPLICIT_COPY", 1):
        with warnings.catch_warnings(record=True) as w:
            foo[1, N](ary, N)

    assert len(w) == 0


def test_nowarn_on_device_array():
    @cuda.jit
    def foo(r, x):
        r[0] = x + 1

    N = 10
    ary = cuda.device_array(N, dtype=np.float32)

    with override_config("CUDA_WARN_ON_IMPLICIT_COPY", 1):
        with warnings.catch_warnings(record=True) as w:
            foo[1, N](ary, N)

    assert len(w) == 0


def test_warn_on_debug_and_opt():
    with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
        cuda.jit(debug=True, opt=True)


def test_warn_on_debug_and_opt_default():
    with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
        cuda.jit(debug=True)


def test_no_warn_on_debug_and_no_opt():
    with warnings.catch_warnings(record=True) as w:
        cuda.jit(debug=True, opt=False)

    assert len(w) == 0


def test_no_warn_with_no_debug_and_opt_kwargs():
    with warnings.catch_warnings(record=True) as w:
        cuda.jit()

    assert len(w) == 0


def test_no_warn_on_debug_and_opt_with_config():
    with override_config("CUDA_DEBUGINFO_DEFAULT", 1):
        with override_config("OPT", config._OptLevel(0)):
            with warnings.catch_warnings(record=True) as w:
                cuda.jit()

        assert len(w) == 0

        with warnings.catch_warnings(record=True) as w:
            cuda.jit(opt=False)

        assert len(w) == 0

    with override_config("OPT", config._OptLevel(0)):
        with warnings.catch_warnings(record=True) as w:
            cuda.jit(debug=True)

        assert len(w) == 0


def test_warn_on_debug_and_opt_with_config():
    with override_config("CUDA_DEBUGINFO_DEFAULT", 1):
        for opt in (1, 2, 3, "max"):
            with override_config("OPT", config._OptLevel(opt)):
                with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
                    cuda.jit()

    for opt in (1, 2, 3, "max"):
        with override_config("OPT", config._OptLevel(opt)):
            with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
                cuda.jit(debug=True)
