# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_errors.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import pytest

from kernelc import cuda
from kernelc import TypingError

run_in_subprocess = pytest.importorskip("numba.cuda.tests.support").run_in_subprocess


def noop(x):
    pass


# TestStringArgCompileTime: regression test for
# github.com/NVIDIA/numba-cuda/issues/755


@pytest.mark.xfail(strict=True, reason="unsupported: a string argument of a device function "
                   "(`load(buff, \"1\")`, compared with `==` there)")
def test_string_device_function_arg_compiles_quickly():
    code = """\
import numpy as np
from kernelc import cuda

@cuda.jit(device=True, forceinline=True)
def load(gmem, value):
    if value == "1":
        gmem[cuda.threadIdx.x] = 1.0
    else:
        gmem[cuda.threadIdx.x] = 0.0

@cuda.jit
def kernel(buff):
    load(buff, "1")

buff = cuda.to_device(np.zeros(32, dtype=np.float32))
kernel[1, 32](buff)
cuda.synchronize()
"""
    run_in_subprocess(code, timeout=30)


# TestJitErrors: compile-time errors with @jit.


def test_too_many_dims():
    kernfunc = cuda.jit(noop)

    with pytest.raises(ValueError) as raises:
        kernfunc[(1, 2, 3, 4), (5, 6)]
    assert (
        "griddim must be a sequence of 1, 2 or 3 integers, "
        "got [1, 2, 3, 4]"
    ) in str(raises.value)

    with pytest.raises(ValueError) as raises:
        kernfunc[
            (
                1,
                2,
            ),
            (3, 4, 5, 6),
        ]
    assert (
        "blockdim must be a sequence of 1, 2 or 3 integers, "
        "got [3, 4, 5, 6]"
    ) in str(raises.value)


def test_non_integral_dims():
    kernfunc = cuda.jit(noop)

    with pytest.raises(TypeError) as raises:
        kernfunc[2.0, 3]
    assert "griddim must be a sequence of integers, got [2.0]" in str(raises.value)

    with pytest.raises(TypeError) as raises:
        kernfunc[2, 3.0]
    assert "blockdim must be a sequence of integers, got [3.0]" in str(raises.value)


def _test_unconfigured(kernfunc):
    with pytest.raises(ValueError) as raises:
        kernfunc(0)
    assert "launch configuration was not specified" in str(raises.value)


def test_unconfigured_typed_cudakernel():
    kernfunc = cuda.jit("void(int32)")(noop)
    _test_unconfigured(kernfunc)


def test_unconfigured_untyped_cudakernel():
    kernfunc = cuda.jit(noop)
    _test_unconfigured(kernfunc)


@pytest.mark.xfail(strict=True, reason="message: kernelc's 'name 'floor' is not defined', located "
                   "in the device function, not Numba's 'NameError: ...' with 'During: resolving "
                   "callee type: type(CUDADispatcher(...))'")
def test_typing_error():
    # see #5860, this is present to catch changes to error reporting
    # accidentally breaking the CUDA target

    @cuda.jit(device=True)
    def dev_func(x):
        # floor is deliberately not imported for the purpose of this test.
        return floor(x)  # noqa: F821

    @cuda.jit
    def kernel_func():
        dev_func(1.5)

    with pytest.raises(TypingError) as raises:
        kernel_func[1, 1]()
    excstr = str(raises.value)
    assert "resolving callee type: type(CUDADispatcher" in excstr
    assert "NameError: name 'floor' is not defined" in excstr
