# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_vectorize_decor.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import math

import pytest

from kernelc import cuda
from kernelc.cuda import vectorize, int32, uint32, float32, float64

from ._support import check_warnings


pi = math.pi


def sinc(x):
    if x == 0.0:
        return 1.0
    else:
        return math.sin(x * pi) / (pi * x)


def scaled_sinc(x, scale):
    if x == 0.0:
        return scale
    else:
        return scale * (math.sin(x * pi) / (pi * x))


def vector_add(a, b):
    return a + b


# Upstream's BaseVectorizeDecor, run with the CUDA target
# (TestVectorizeDecor: target = "cuda"; its wrapper stays None).
target = "cuda"
wrapper = None
funcs = {
    "func1": sinc,
    "func2": scaled_sinc,
    "func3": vector_add,
}


def _run_and_compare(func, sig, A, *args, **kwargs):
    if wrapper is not None:
        func = wrapper(func)
    numba_func = vectorize(sig, target=target)(func)
    numpy_func = np.vectorize(func)
    result = numba_func(A, *args)
    gold = numpy_func(A, *args)
    np.testing.assert_allclose(result, gold, **kwargs)


def test_1():
    sig = ["float64(float64)", "float32(float32)"]
    func = funcs["func1"]
    A = np.arange(100, dtype=np.float64)
    _run_and_compare(func, sig, A)


def test_2():
    sig = [float64(float64), float32(float32)]
    func = funcs["func1"]
    A = np.arange(100, dtype=np.float64)
    _run_and_compare(func, sig, A)


def test_3():
    sig = ["float64(float64, uint32)"]
    func = funcs["func2"]
    A = np.arange(100, dtype=np.float64)
    scale = np.uint32(3)
    _run_and_compare(func, sig, A, scale, atol=1e-8)


def test_4():
    sig = [
        int32(int32, int32),
        uint32(uint32, uint32),
        float32(float32, float32),
        float64(float64, float64),
    ]
    func = funcs["func3"]
    A = np.arange(100, dtype=np.float64)
    _run_and_compare(func, sig, A, A)
    A = A.astype(np.float32)
    _run_and_compare(func, sig, A, A)
    A = A.astype(np.int32)
    _run_and_compare(func, sig, A, A)
    A = A.astype(np.uint32)
    _run_and_compare(func, sig, A, A)


# Upstream's TestGPUVectorizeBroadcast (skipped on numba-cuda's simulator).


def test_broadcast():
    a = np.random.randn(100, 3, 1)
    b = a.transpose(2, 1, 0)

    def fn(a, b):
        return a - b

    @vectorize(["float64(float64,float64)"], target="cuda")
    def fngpu(a, b):
        return a - b

    expect = fn(a, b)
    got = fngpu(a, b)
    np.testing.assert_almost_equal(expect, got)


def test_device_broadcast():
    """
    Same test as .test_broadcast() but with device array as inputs
    """

    a = np.random.randn(100, 3, 1)
    b = a.transpose(2, 1, 0)

    def fn(a, b):
        return a - b

    @vectorize(["float64(float64,float64)"], target="cuda")
    def fngpu(a, b):
        return a - b

    expect = fn(a, b)
    got = fngpu(cuda.to_device(a), cuda.to_device(b))
    np.testing.assert_almost_equal(expect, got.copy_to_host())


# Upstream's BaseVectorizeNopythonArg:
#     Test passing the nopython argument to the vectorize decorator.


def _test_target_nopython(target, warnings, with_sig=True):
    a = np.array([2.0], dtype=np.float32)
    b = np.array([3.0], dtype=np.float32)
    sig = [float32(float32, float32)]
    args = with_sig and [sig] or []
    with check_warnings(warnings):
        f = vectorize(*args, target=target, nopython=True)(vector_add)
        f(a, b)


# Upstream's BaseVectorizeUnrecognizedArg:
#     Test passing an unrecognized argument to the vectorize decorator.


def _test_target_unrecognized_arg(target, with_sig=True):
    a = np.array([2.0], dtype=np.float32)
    b = np.array([3.0], dtype=np.float32)
    sig = [float32(float32, float32)]
    args = with_sig and [sig] or []
    with pytest.raises(KeyError) as raises:
        f = vectorize(*args, target=target, nonexistent=2)(vector_add)
        f(a, b)
    assert "Unrecognized options" in str(raises.value)


def test_target_cuda_nopython():
    warnings = ["nopython kwarg for cuda target is redundant"]
    _test_target_nopython("cuda", warnings)


def test_target_cuda_unrecognized_arg():
    _test_target_unrecognized_arg("cuda")
