# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_inline.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda
from kernelc.cuda import types

# Upstream's TestCudaInline (skipped on numba-cuda's simulator). The checks
# of the kernel's LLVM IR (`inspect_llvm`: a `call` left or inlined,
# `alwaysinline`) are left out: kernelc has no LLVM IR. The kernels, their
# inline/forceinline options and the values are upstream's.


def _test_call_inline(inline, inline_expected):
    """Test @cuda.jit(inline=...)"""
    a = np.ones(2, dtype=np.int32)

    sig = (types.int32[::1],)

    @cuda.jit(inline=inline)
    def set_zero(a):
        a[0] = 0

    @cuda.jit(sig)
    def call_set_zero(a):
        set_zero(a)

    call_set_zero[1, 2](a)

    expected = np.arange(2, dtype=np.int32)
    assert np.all(a == expected)

    # (left out: the LLVM IR checks that the call was, or was not, inlined,
    # as `inline_expected` says)


def test_call_inline_always():
    _test_call_inline("always", True)


def test_call_inline_never():
    _test_call_inline("never", False)


def test_call_inline_true():
    _test_call_inline(True, True)


def test_call_inline_false():
    _test_call_inline(False, False)


def test_call_inline_costmodel_false():
    def cost_model(expr, caller_info, callee_info):
        return False

    _test_call_inline(cost_model, False)


def test_call_inline_costmodel_true():
    def cost_model(expr, caller_info, callee_info):
        return True

    _test_call_inline(cost_model, True)


def _test_call_forceinline(forceinline):
    """Test @cuda.jit(forceinline=...)"""
    a = np.ones(2, dtype=np.int32)

    sig = (types.int32[::1],)

    @cuda.jit(forceinline=forceinline)
    def set_zero(a):
        a[0] = 0

    @cuda.jit(sig)
    def call_set_zero(a):
        set_zero(a)

    call_set_zero[1, 2](a)

    expected = np.arange(2, dtype=np.int32)
    assert np.all(a == expected)

    # (left out: the LLVM IR checks of the call and of `alwaysinline`)


def test_call_forceinline_true():
    _test_call_forceinline(True)


def test_call_forceinline_false():
    _test_call_forceinline(False)


# Left out: test_compile_forceinline_ltoir_only and test_compile_forceinline
# (cuda.compile(..., output="ltoir"): LTO-IR, which kernelc does not make).
