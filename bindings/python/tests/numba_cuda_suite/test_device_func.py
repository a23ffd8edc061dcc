# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_device_func.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import re

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import float32, int32, types
from kernelc import TypingError
from types import ModuleType

# Numba's CPU jit: a kernel may call a function it compiled.
jit = pytest.importorskip("numba").jit


def test_use_add2f():
    @cuda.jit("float32(float32, float32)", device=True)
    def add2f(a, b):
        return a + b

    def use_add2f(ary):
        i = cuda.grid(1)
        ary[i] = add2f(ary[i], ary[i])

    compiled = cuda.jit("void(float32[:])")(use_add2f)

    nelem = 10
    ary = np.arange(nelem, dtype=np.float32)
    exp = ary + ary
    compiled[1, nelem](ary)

    assert np.all(ary == exp), (ary, exp)

def test_indirect_add2f():
    @cuda.jit("float32(float32, float32)", device=True)
    def add2f(a, b):
        return a + b

    @cuda.jit("float32(float32, float32)", device=True)
    def indirect(a, b):
        return add2f(a, b)

    def indirect_add2f(ary):
        i = cuda.grid(1)
        ary[i] = indirect(ary[i], ary[i])

    compiled = cuda.jit("void(float32[:])")(indirect_add2f)

    nelem = 10
    ary = np.arange(nelem, dtype=np.float32)
    exp = ary + ary
    compiled[1, nelem](ary)

    assert np.all(ary == exp), (ary, exp)

def _check_cpu_dispatcher(add):
    @cuda.jit
    def add_kernel(ary):
        i = cuda.grid(1)
        ary[i] = add(ary[i], 1)

    ary = np.arange(10)
    expect = ary + 1
    add_kernel[1, ary.size](ary)
    np.testing.assert_equal(expect, ary)

def test_cpu_dispatcher():
    # Test correct usage
    @jit
    def add(a, b):
        return a + b

    _check_cpu_dispatcher(add)

@pytest.mark.xfail(
    strict=True,
    reason=(
        "kernelc differs: it compiles a @numba.jit('(i4, i4)') function "
        '(explicit signature, compilation disabled) called from a kernel, where'
        " Numba refuses it ('Untyped global name ... using cpu function on "
        "device')"
    ),
)
def test_cpu_dispatcher_invalid():
    # Test invalid usage
    # Explicit signature disables compilation, which also disable
    # compiling on CUDA.
    @jit("(i4, i4)")
    def add(a, b):
        return a + b

    # Check that the right error message is provided.
    with pytest.raises(TypingError) as raises:
        _check_cpu_dispatcher(add)
    msg = "Untyped global name 'add':.*using cpu function on device"
    expected = re.compile(msg)
    assert expected.search(str(raises.value)) is not None

@pytest.mark.xfail(
    strict=True,
    reason=(
        'unsupported in kernelc: a device function reached as an attribute of a'
        " module object (mymod.add(...)): 'add' is not an attribute kernels can"
        ' use here'
    ),
)
def test_cpu_dispatcher_other_module():
    @jit
    def add(a, b):
        return a + b

    mymod = ModuleType(name="mymod")
    mymod.add = add
    del add

    @cuda.jit
    def add_kernel(ary):
        i = cuda.grid(1)
        ary[i] = mymod.add(ary[i], 1)

    ary = np.arange(10)
    expect = ary + 1
    add_kernel[1, ary.size](ary)
    np.testing.assert_equal(expect, ary)

def test_device_func_as_kernel_disallowed():
    @cuda.jit(device=True)
    def f():
        pass

    with pytest.raises(RuntimeError) as raises:
        f[1, 1]()

    assert "Cannot compile a device function as a kernel" in str(raises.value)

def test_device_casting():
    # Ensure that casts to the correct type are forced when calling a
    # device function with a signature. This test ensures that:
    #
    # - We don't compile a new specialization of rgba for float32 when we
    #   shouldn't
    # - We insert a cast when calling rgba, as opposed to failing to type.

    @cuda.jit("int32(int32, int32, int32, int32)", device=True)
    def rgba(r, g, b, a):
        return (
            ((r & 0xFF) << 16)
            | ((g & 0xFF) << 8)
            | ((b & 0xFF) << 0)
            | ((a & 0xFF) << 24)
        )

    @cuda.jit
    def rgba_caller(x, channels):
        x[0] = rgba(channels[0], channels[1], channels[2], channels[3])

    x = cuda.device_array(1, dtype=np.int32)
    channels = cuda.to_device(
        np.asarray([1.0, 2.0, 3.0, 4.0], dtype=np.float32)
    )

    rgba_caller[1, 1](x, channels)

    assert 0x04010203 == x[0]








def check_api(decl):
    assert decl.name == "f1"
    assert decl.sig.args == (float32[:],)
    assert decl.sig.return_type == int32

def test_declare_device_signature():
    f1 = cuda.declare_device("f1", int32(float32[:]))
    check_api(f1)

def test_declare_device_string():
    f1 = cuda.declare_device("f1", "int32(float32[:])")
    check_api(f1)

def test_bad_declare_device_tuple():
    with pytest.raises(TypeError, match="Return type"):
        cuda.declare_device("f1", (float32[:],))

def test_bad_declare_device_string():
    with pytest.raises(TypeError, match="Return type"):
        cuda.declare_device("f1", "(float32[:],)")


# 0-arg, 2-arg, and void-return C-ABI device functions.





