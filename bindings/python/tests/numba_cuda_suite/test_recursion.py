# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_recursion.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

from kernelc import cuda
from kernelc import TypingError
import numpy as np
import pytest

from ._support import assertPreciseEqual


# Upstream's TestSelfRecursion.setUp, as a fixture the tests take.
@pytest.fixture

def mod():
    # Avoid importing this module at the top level, as it triggers
    # compilation and can therefore fail
    from . import recursion_usecases

    return recursion_usecases


def check_fib(cfunc):
    @cuda.jit
    def kernel(r, x):
        r[0] = cfunc(x[0])

    x = np.asarray([10], dtype=np.int64)
    r = np.zeros_like(x)
    kernel[1, 1](r, x)

    actual = r[0]
    expected = 55
    assertPreciseEqual(actual, expected)


def test_global_explicit_sig(mod):
    check_fib(mod.fib1)


def test_inner_explicit_sig(mod):
    check_fib(mod.fib2)


def test_global_implicit_sig(mod):
    check_fib(mod.fib3)


def test_runaway(mod):
    with pytest.raises(TypingError) as raises:
        cfunc = mod.runaway_self

        @cuda.jit("void()")
        def kernel():
            cfunc(1)

    assert "cannot type infer runaway recursion" in str(raises.value)


@pytest.mark.skip(reason="upstream: Needs insert_unresolved_ref support in target")

def test_type_change(mod):
    pfunc = mod.type_change_self.py_func
    cfunc = mod.type_change_self

    @cuda.jit
    def kernel(r, x, y):
        r[0] = cfunc(x[0], y[0])

    args = 13, 0.125
    x = np.asarray([args[0]], dtype=np.int64)
    y = np.asarray([args[1]], dtype=np.float64)
    r = np.zeros_like(x)

    kernel[1, 1](r, x, y)

    expected = pfunc(*args)
    actual = r[0]

    assertPreciseEqual(actual, expected)


# Upstream: an expected failure (numba issue #8036). The ValueError is
# raised, but its message carries numba-cuda's location prefix ("In function
# ..., tid=[0, 0, 0] ctaid=[0, 0, 0]: raise_self"; the simulator's is
# "tid=[0, 0, 0] ctaid=[0, 0, 0]: raise_self"), so it is not "raise_self".
@pytest.mark.xfail(strict=True, reason="an expected failure upstream (Numba)")
def test_raise(mod):
    # This is an expected failure because reporting of exceptions raised in
    # device functions does not work correctly - see Issue #8036:
    # https://github.com/numba/numba/issues/8036
    with pytest.raises(ValueError) as raises:
        mod.raise_self_kernel[1, 1](3)

    assert str(raises.value) == "raise_self"


def test_optional_return(mod):
    pfunc = mod.make_optional_return_case()
    cfunc = mod.make_optional_return_case(cuda.jit)

    @cuda.jit
    def kernel(r, x):
        res = cfunc(x[0])
        if res is None:
            res = 999
        r[0] = res

    def cpu_kernel(x):
        res = pfunc(x)
        if res is None:
            res = 999
        return res

    for arg in (0, 5, 10, 15):
        expected = cpu_kernel(arg)
        x = np.asarray([arg], dtype=np.int64)
        r = np.zeros_like(x)
        kernel[1, 1](r, x)
        actual = r[0]

        assert expected == actual


def test_growing_return_tuple(mod):
    cfunc = mod.make_growing_tuple_case(cuda.jit)

    with pytest.raises(TypingError) as raises:

        @cuda.jit("void()")
        def kernel():
            cfunc(100)

    assert "Return type of recursive function does not converge" in str(raises.value)
