"""``@vectorize(..., target='cuda')`` as Numba's CUDA ufuncs: signature
choice, NumPy broadcasting, host and device inputs and outputs, ``out=``,
device functions called from the ufunc's function; checked against NumPy
(and, where Numba is installed, against Numba's own CPU ufunc of the same
function)."""

import math

import numpy as np
import pytest

from kernelc import cuda, vectorize

from _fma_reference import fma

SCALE = 2.5


@cuda.jit(device=True)
def clamp(x, lo, hi):
    return min(max(x, lo), hi)


@vectorize(["float32(float32, float32)", "float64(float64, float64)", "int64(int64, int64)"],
           target="cuda")
def scaled_diff(a, b):
    return clamp((a - b) * SCALE, -100, 100)


@vectorize(["float64(float64)"], target="cuda")
def gaussian(x):
    return math.exp(-x * x / 2) / math.sqrt(2 * math.pi)


def reference(a, b, dtype):
    return np.clip((a.astype(dtype) - b.astype(dtype)) * dtype(SCALE), -100, 100).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_host_arrays_pick_the_signature(dtype):
    rng = np.random.default_rng(3)
    a = (rng.standard_normal(1000) * 30).astype(dtype)
    b = (rng.standard_normal(1000) * 30).astype(dtype)
    got = scaled_diff(a, b)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, reference(a, b, dtype))


def test_integer_signature_and_scalar_coercion():
    a = np.arange(-50, 50, dtype=np.int64)
    got = scaled_diff(a, 3)  # the array picks int64(int64, int64); 3 follows it
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, np.clip((a - 3) * 2.5, -100, 100).astype(np.int64))
    f32 = scaled_diff(np.ones(4, np.float32), 0.5)  # 0.5 is a float32 here
    assert f32.dtype == np.float32


def test_arrays_need_exact_types_as_in_numba():
    with pytest.raises(TypeError, match="exact"):
        scaled_diff(np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int32))
    with pytest.raises(TypeError, match="ambiguous"):
        scaled_diff(np.float16(1), np.int8(2))


def test_broadcasting_and_scalars():
    a = np.linspace(-3, 3, 12).reshape(3, 4)
    b = np.array([0.5, -0.5, 1.0, 0.0])
    got = scaled_diff(a, b)
    assert got.shape == (3, 4)
    np.testing.assert_allclose(got, reference(a, b, np.float64))
    # Scalars alone: a 1-element array, as Numba's GPU ufuncs give.
    np.testing.assert_array_equal(scaled_diff(4.0, 1.0), [7.5])


def test_device_arrays_in_and_out():
    x = np.linspace(-4, 4, 777)
    d_x = cuda.to_device(x)
    d_y = gaussian(d_x)
    assert isinstance(d_y, type(d_x))
    want = np.exp(-x * x / 2) / np.sqrt(2 * np.pi)
    np.testing.assert_allclose(d_y.copy_to_host(), want, rtol=1e-15)
    out = np.zeros_like(x)
    assert gaussian(x, out=out) is out
    np.testing.assert_allclose(out, want, rtol=1e-15)
    d_out = cuda.device_array_like(x)
    gaussian(d_x, out=d_out)
    np.testing.assert_allclose(d_out.copy_to_host(), want, rtol=1e-15)


def test_same_as_numba_cpu_ufunc():
    numba = pytest.importorskip("numba")

    def poly(x, y):
        return x * x - 3 * y + 1

    ours = vectorize(["float64(float64, float64)"], target="cuda")(poly)
    theirs = numba.vectorize(["float64(float64, float64)"])(poly)
    x, y = np.linspace(-2, 2, 64), np.linspace(5, -5, 64)
    # Numba's CUDA compiler reads `x * x - 3 * y` as `x * x + y * -3.0` and
    # fuses it (one rounding); its CPU target does not.
    np.testing.assert_allclose(ours(x, y), theirs(x, y), rtol=1e-15, atol=1e-15)
    np.testing.assert_array_equal(ours(x, y), fma(x, x, y * -3.0) + 1)


@vectorize(target="cuda")
def lerp(a, b, t):
    return a + (b - a) * t


def test_typed_at_call_time():
    # numba-cuda 0.30 builds a GPU ufunc without signatures but finds no
    # kernel at the call; kernelc types it by the arguments (arrays by
    # dtype, scalars as Numba's typeof), the result as its type checker
    # types the function.
    x = np.linspace(0, 1, 50)
    got = lerp(x, 2 * x, 0.5)  # float64 arrays, a Python float
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, x + (2 * x - x) * 0.5)
    ints = lerp(np.arange(5), np.arange(5) * 3, 2)  # int64 all through
    assert ints.dtype == np.int64
    np.testing.assert_array_equal(ints, np.arange(5) + 2 * np.arange(5) * 2)
    f32 = lerp(np.ones(3, np.float32), np.zeros(3, np.float32), np.float32(0.25))
    assert f32.dtype == np.float32
    np.testing.assert_array_equal(f32, np.full(3, 0.75, np.float32))
    # Each set of argument types is compiled once and kept.
    assert len(lerp._signatures) == 3


def test_errors():
    with pytest.raises(TypeError, match="exact types"):
        gaussian(np.arange(3, dtype=np.complex128))
    with pytest.raises(NotImplementedError, match="target='cuda'"):
        vectorize(["float64(float64)"])(lambda x: x)
    with pytest.raises(TypeError, match="takes 3 arguments"):
        lerp(1.0, 2.0)
    with pytest.raises(TypeError, match="takes 1 arguments"):
        gaussian(1.0, 2.0)
