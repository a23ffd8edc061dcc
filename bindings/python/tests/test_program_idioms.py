"""Idioms of real Numba CUDA programs, found by running public programs
through kernelc: lambdas as device functions, kernel parameters with
default values, signatures of argument types alone, ``a.dtype.type(x)``,
rows unpacked in loops (``ValueError`` on a wrong count, as Numba's
``exhaust_iter``), tuples stored into 1-D views (``ValueError`` on a size
mismatch), ``range()`` of a float bound (truncated, as Numba converts it)
and ``xoroshiro128p_type`` in signatures. Checked against Python and
NumPy, on both devices."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda.random import (create_xoroshiro128p_states, xoroshiro128p_type,
                                 xoroshiro128p_uniform_float32)
from kernelc.types import float32, void


square = cuda.jit(lambda x: x * x, device=True)
cube = lambda x: x * x * x  # noqa: E731 (a plain lambda, called as a device function)


@cuda.jit
def lambdas(out):
    out[0] = square(3.0)
    out[1] = cube(2.0) + square(out[0])


def test_lambdas_as_device_functions():
    out = np.zeros(2)
    lambdas[1, 1](out)
    np.testing.assert_array_equal(out, [9.0, 8.0 + 81.0])


@cuda.jit
def with_defaults(out, eps=1e-5, n=3):
    out[0] = eps
    out[1] = n


def test_kernel_parameters_with_defaults_take_every_argument():
    out = np.zeros(2)
    with_defaults[1, 1](out, 0.5, 7)
    np.testing.assert_array_equal(out, [0.5, 7.0])
    # As in Numba, a launch passes every argument.
    with pytest.raises(TypeError, match="takes 3 arguments, 2 given"):
        with_defaults[1, 1](out, 0.25)


@cuda.jit("float32[::1], int64", device=True)
def add_first(a, n):
    return a[0] + n


@cuda.jit("float32[::1], int64")
def argument_types_only(a, n):
    a[1] = add_first(a, n)
    a[2] = a.dtype.type(2.75)


def test_signatures_of_argument_types_alone_and_dtype_type():
    a = np.array([1.5, 0, 0], dtype=np.float32)
    argument_types_only[1, 1](a, 3)
    np.testing.assert_array_equal(a, [1.5, 4.5, 2.75])


def unpack_kernel(debug):
    @cuda.jit(debug=debug, opt=not debug)
    def unpack(points, out):
        i = cuda.grid(1)
        if i == 0:
            for j, (x, y) in enumerate(points):
                out[j] = x * y
    return unpack


def test_rows_unpacked_in_a_loop():
    points = np.arange(8.0).reshape(4, 2)
    out = np.zeros(4)
    unpack_kernel(False)[1, 1](points, out)
    np.testing.assert_array_equal(out, points[:, 0] * points[:, 1])
    # Rows of three items into two targets: Numba's ValueError.
    out = np.zeros(4)
    unpack_kernel(False)[1, 1](np.ones((4, 3)), out)
    np.testing.assert_array_equal(out, 0)  # the thread ended at the first row
    with pytest.raises(ValueError):
        unpack_kernel(True)[1, 1](np.ones((4, 3)), out)


@cuda.jit(device=True)
def vec3(x):
    return (x, 2 * x, 3 * x)


def fill_kernel(debug):
    @cuda.jit(debug=debug, opt=not debug)
    def fill(out, width):
        i = cuda.grid(1)
        if i < out.shape[0]:
            out[i, :width] = vec3(i)
            out[i, 3:] = (0.5, 0.25)
    return fill


def test_tuples_stored_into_views():
    out = np.zeros((4, 5), dtype=np.float32)
    fill_kernel(False)[1, 4](out, 3)
    expected = [[i, 2 * i, 3 * i, 0.5, 0.25] for i in range(4)]
    np.testing.assert_array_equal(out, expected)
    with pytest.raises(ValueError, match="cannot assign slice from input of different size"):
        fill_kernel(True)[1, 4](out, 2)


@cuda.jit
def float_ranges(bounds, out):
    i = cuda.grid(1)
    if i < bounds.size:
        s = 0
        for k in range(bounds[i]):
            s += k
        out[i] = s


def test_range_of_a_float_bound_truncates():
    bounds = np.array([3.9, 0.5, -2.5, 5.0], dtype=np.float32)
    out = np.zeros(4, dtype=np.int64)
    float_ranges[1, 4](bounds, out)
    np.testing.assert_array_equal(out, [sum(range(int(b))) for b in bounds])


@cuda.jit(void(xoroshiro128p_type[::1], float32[::1]))
def draws(states, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = xoroshiro128p_uniform_float32(states, i)


def test_xoroshiro128p_type_in_a_signature():
    out = np.zeros(8, dtype=np.float32)
    draws[1, 8](create_xoroshiro128p_states(8, seed=1), out)
    assert ((out >= 0) & (out < 1)).all() and len(set(out.tolist())) == 8


SCALE = 2.5


def test_global_and_nonlocal_names_are_read_as_constants():
    offset = 4

    @cuda.jit
    def scaled(out):
        global SCALE
        nonlocal offset
        out[0] = SCALE * offset

    out = np.zeros(1)
    scaled[1, 1](out)
    assert out[0] == 10.0

    @cuda.jit
    def stores(out):
        global SCALE
        SCALE = 3.0
        out[0] = SCALE

    from kernelc.errors import TypingError
    with pytest.raises(TypingError, match="cannot assign to 'SCALE', declared global"):
        stores[1, 1](out)
