"""numba-cuda's own enum tests (``numba/cuda/tests/cudapy/test_enums.py``,
numba-cuda 0.30), run through kernelc with only the import changed: the
same kernels, the same enum classes (``numba.tests.enum_usecases``), the
same checks against the functions run as plain Python. Left out: the pair
of ``Planet`` members (an enum whose values are tuples, which kernelc does
not support; a clear error, tested here)."""

import numpy as np
import pytest

from kernelc import cuda, vectorize

numba = pytest.importorskip("numba")
enum_usecases = pytest.importorskip("numba.tests.enum_usecases")
Color, Shape, Planet = enum_usecases.Color, enum_usecases.Shape, enum_usecases.Planet
RequestError, IntEnumWithNegatives = enum_usecases.RequestError, enum_usecases.IntEnumWithNegatives
int16, int32, njit = numba.int16, numba.int32, numba.njit


def test_compare():
    def f(a, b, out):
        out[0] = a == b
        out[1] = a != b
        out[2] = a is b
        out[3] = a is not b

    cuda_f = cuda.jit(f)
    for a, b in [(Color.red, Color.red), (Color.red, Color.green),
                 (Shape.circle, IntEnumWithNegatives.two)]:
        got = np.zeros((4,), dtype=np.bool_)
        expected = got.copy()
        cuda_f[1, 1](a, b, got)
        f(a, b, expected)
        np.testing.assert_array_equal(expected, got)


def test_tuple_valued_enums_are_refused_clearly():
    @cuda.jit
    def f(a, out):
        out[0] = a == a

    with pytest.raises(Exception, match="numbers or bools"):
        f[1, 1](Planet.EARTH, np.zeros(1, np.bool_))


def test_getattr_getitem():
    def f(out):
        out[0] = Color.red == Color.green
        out[1] = Color["red"] == Color["green"]

    got = np.zeros((2,), dtype=np.bool_)
    expected = got.copy()
    cuda.jit(f)[1, 1](got)
    f(expected)
    np.testing.assert_array_equal(expected, got)


def test_return_from_device_func():
    @njit
    def inner(pred):
        return Color.red if pred else Color.green

    def f(pred, out):
        out[0] = inner(pred) == Color.red
        out[1] = inner(not pred) == Color.green

    got = np.zeros((2,), dtype=np.bool_)
    expected = got.copy()
    f(True, expected)
    cuda.jit(f)[1, 1](True, got)
    np.testing.assert_array_equal(expected, got)


@pytest.mark.parametrize("explicit", [False, True])
def test_int_coerce_and_cast(explicit):
    def coerce(x, out):
        if x > RequestError.internal_error:
            out[0] = x - RequestError.not_found
        else:
            out[0] = x + Shape.circle

    def cast(x, out):
        if x > int16(RequestError.internal_error):
            out[0] = x - int32(RequestError.not_found)
        else:
            out[0] = x + int16(Shape.circle)

    f = cast if explicit else coerce
    cuda_f = cuda.jit(f)
    for x in [300, 450, 550]:
        got = np.zeros((1,), dtype=np.int32)
        expected = got.copy()
        cuda_f[1, 1](x, got)
        f(x, expected)
        np.testing.assert_array_equal(expected, got)


def test_vectorize():
    def f(x):
        if x != RequestError.not_found:
            return RequestError["internal_error"]
        else:
            return RequestError.dummy

    cuda_func = vectorize("int64(int64)", target="cuda")(f)
    arr = np.array([2, 404, 500, 404], dtype=np.int64)
    expected = np.array([f(x) for x in arr], dtype=np.int64)
    np.testing.assert_array_equal(expected, cuda_func(arr))
