"""`cuda.compile_ptx(..., device=True)`: a device function exported as a
`.visible .func` in Numba's ABI or C's, linked into kernels with
`cuda.declare_device` (on the CPU device, and with KERNELC_DEVICE=gpu on
the GPU path); misuses refused with a clear error."""

import math

import numpy as np
import pytest

from kernelc import TypingError, cuda
from kernelc.cuda import compile_ptx
from kernelc.types import boolean, float16, float32, float64, int8, int16, int64, uint32
from _fma_reference import fma


def hyp(x, y):
    return math.sqrt(x * x + y * y)


def clamp_byte(v):
    if v < 0:
        return np.int8(0)
    if v > 127:
        return np.int8(127)
    return np.int8(v)


def is_odd(n):
    return n % 2 == 1


def nothing(x):
    pass


def test_numba_abi_result_slot_and_status(tmp_path):
    ptx, resty = compile_ptx(hyp, (float64, float64), device=True)
    assert resty == float64
    assert ".visible .func (.param .b32 func_retval0) hyp(" in ptx
    assert "\t.param .b64 hyp_param_0,\n\t.param .b64 hyp_param_1,\n\t.param .b64 hyp_param_2\n" in ptx
    path = tmp_path / "hyp.ptx"
    path.write_text(ptx)
    f = cuda.declare_device("hyp", "float64(float64, float64)", link=[str(path)])

    @cuda.jit
    def k(out, a, b):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = f(a[i], b[i])

    a, b = np.linspace(-3, 3, 50), np.linspace(1, 9, 50)
    out = np.zeros(50)
    k[1, 64](out, a, b)
    # `x * x + y * y` rounds once, as Numba's compiler fuses it.
    np.testing.assert_array_equal(out, np.sqrt(fma(a, a, b * b)))


@pytest.mark.parametrize("abi", ["numba", "c"])
def test_narrow_and_boolean_arguments_and_results(tmp_path, abi):
    info = {"abi_name": "clamp8"} if abi == "c" else None
    ptx, resty = compile_ptx(clamp_byte, "int8(int64)", device=True, abi=abi, abi_info=info)
    assert resty == int8
    name = "clamp8" if abi == "c" else "clamp_byte"
    (tmp_path / "clamp.ptx").write_text(ptx)
    ptx2, resty2 = compile_ptx(is_odd, (uint32,), device=True, abi=abi,
                               abi_info={"abi_name": "odd"} if abi == "c" else None)
    assert resty2 == boolean
    (tmp_path / "odd.ptx").write_text(ptx2)
    clamp = cuda.declare_device(name, "int8(int64)", abi=abi)
    odd = cuda.declare_device("odd" if abi == "c" else "is_odd", "boolean(uint32)", abi=abi)
    link = [str(tmp_path / "clamp.ptx"), str(tmp_path / "odd.ptx")]

    @cuda.jit(link=link)
    def k(v, out, flags):
        i = cuda.grid(1)
        if i < v.size:
            out[i] = clamp(v[i])
            flags[i] = odd(np.uint32(i))

    v = np.arange(-100, 300, 7, dtype=np.int64)
    out = np.zeros(v.size, np.int8)
    flags = np.zeros(v.size, np.bool_)
    k[1, 64](v, out, flags)
    np.testing.assert_array_equal(out, np.clip(v, 0, 127).astype(np.int8))
    np.testing.assert_array_equal(flags, np.arange(v.size) % 2 == 1)


def test_return_type_declared_or_inferred_and_void():
    _, resty = compile_ptx(hyp, float32(float32, float32), device=True)
    assert resty == float32
    _, resty = compile_ptx(hyp, (float16, float16), device=True)
    assert resty == float16 or str(resty) == "float16"
    ptx, resty = compile_ptx(nothing, (int64,), device=True)
    assert str(resty) in ("none", "void")
    assert ".visible .func (.param .b32 func_retval0) nothing(" in ptx
    ptx, _ = compile_ptx(nothing, (int64,), device=True, abi="c")
    assert ".visible .func nothing(" in ptx


def test_targets_and_kernels():
    for cc in ((5, 2), (7, 0), (9, 0)):
        ptx, _ = compile_ptx(hyp, (float64, float64), device=True, cc=cc)
        assert f".target sm_{cc[0]}{cc[1]}" in ptx

    def kernel(a):
        a[0] = 1

    ptx, resty = compile_ptx(kernel, "void(float32[:])")
    assert ".visible .entry kernel(" in ptx and str(resty) in ("none", "void")


def test_misuses_are_refused():
    def takes_array(a):
        return a[0]

    with pytest.raises(TypingError, match="cannot be exported.*numbers or booleans"):
        compile_ptx(takes_array, (float32[:],), device=True)
    with pytest.raises(NotImplementedError, match="Unsupported ABI: fortran"):
        compile_ptx(hyp, (float64, float64), device=True, abi="fortran")
    # numba-cuda's compile_ptx has no `output`; its compile does.
    with pytest.raises(NotImplementedError, match="compiles to PTX"):
        cuda.compile(hyp, (float64, float64), device=True, output="ltoir")
    with pytest.raises(TypingError, match="not a PTX identifier"):
        compile_ptx(hyp, (float64, float64), device=True, abi="c", abi_info={"abi_name": "9x"})
