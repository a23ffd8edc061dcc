# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_enums.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

"""
Test cases adapted from numba/tests/test_enums.py
"""

import numpy as np
import pytest

from kernelc.cuda import int16, int32
from kernelc.cuda import vectorize
from kernelc import cuda

from ._support import assertPreciseEqual

numba = pytest.importorskip("numba")
njit = numba.njit
enum_usecases = pytest.importorskip("numba.cuda.tests.cudapy.enum_usecases")
Color = enum_usecases.Color
Shape = enum_usecases.Shape
Planet = enum_usecases.Planet
RequestError = enum_usecases.RequestError
IntEnumWithNegatives = enum_usecases.IntEnumWithNegatives

pairs = [
    (Color.red, Color.red),
    (Color.red, Color.green),
    (Planet.EARTH, Planet.EARTH),
    (Planet.VENUS, Planet.MARS),
    (Shape.circle, IntEnumWithNegatives.two),  # IntEnum, same value
]


def test_compare():
    def f(a, b, out):
        out[0] = a == b
        out[1] = a != b
        out[2] = a is b
        out[3] = a is not b

    cuda_f = cuda.jit(f)
    for a, b in pairs:
        got = np.zeros((4,), dtype=np.bool_)
        expected = got.copy()
        cuda_f[1, 1](a, b, got)
        f(a, b, expected)
        assertPreciseEqual(expected, got)


def test_getattr_getitem():
    def f(out):
        # Lookup of an enum member on its class
        out[0] = Color.red == Color.green
        out[1] = Color["red"] == Color["green"]

    cuda_f = cuda.jit(f)
    got = np.zeros((2,), dtype=np.bool_)
    expected = got.copy()
    cuda_f[1, 1](got)
    f(expected)
    assertPreciseEqual(expected, got)


def test_return_from_device_func():
    @njit
    def inner(pred):
        return Color.red if pred else Color.green

    def f(pred, out):
        out[0] = inner(pred) == Color.red
        out[1] = inner(not pred) == Color.green

    cuda_f = cuda.jit(f)
    got = np.zeros((2,), dtype=np.bool_)
    expected = got.copy()
    f(True, expected)
    cuda_f[1, 1](True, got)
    assertPreciseEqual(expected, got)


def test_int_coerce():
    def f(x, out):
        # Implicit coercion of intenums to ints
        if x > RequestError.internal_error:
            out[0] = x - RequestError.not_found
        else:
            out[0] = x + Shape.circle

    cuda_f = cuda.jit(f)
    for x in [300, 450, 550]:
        got = np.zeros((1,), dtype=np.int32)
        expected = got.copy()
        cuda_f[1, 1](x, got)
        f(x, expected)
        assertPreciseEqual(expected, got)


def test_int_cast():
    def f(x, out):
        # Explicit coercion of intenums to ints
        if x > int16(RequestError.internal_error):
            out[0] = x - int32(RequestError.not_found)
        else:
            out[0] = x + int16(Shape.circle)

    cuda_f = cuda.jit(f)
    for x in [300, 450, 550]:
        got = np.zeros((1,), dtype=np.int32)
        expected = got.copy()
        cuda_f[1, 1](x, got)
        f(x, expected)
        assert expected == got


def test_vectorize():
    def f(x):
        if x != RequestError.not_found:
            return RequestError["internal_error"]
        else:
            return RequestError.dummy

    cuda_func = vectorize("int64(int64)", target="cuda")(f)
    arr = np.array([2, 404, 500, 404], dtype=np.int64)
    expected = np.array([f(x) for x in arr], dtype=np.int64)
    got = cuda_func(arr)
    assertPreciseEqual(expected, got)
