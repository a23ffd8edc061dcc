"""Values that may be None (Numba's ``OptionalType``): device functions
returning a number on some paths and None on others, tested with ``is
None`` in the kernel, passed on as they are, and unwrapped by arithmetic
and stores, which raise ``TypeError`` when there is no value (with
``debug=True`` the launch fails with it, as in Numba; without, the thread
ends). Checked against Python, on both devices."""

import numpy as np
import pytest

from kernelc import cuda


@cuda.jit(device=True)
def find(a, x):
    for i in range(a.size):
        if a[i] == x:
            return i
    return None


@cuda.jit(device=True)
def scaled(x):
    if x > 2:
        return x * 1.5
    # the end of the body: None


@cuda.jit
def lookup(keys, out):
    i = cuda.grid(1)
    if i < out.size:
        r = find(keys, i)
        out[i] = -1 if r is None else 2 * r


def test_a_device_function_returning_none_or_an_index():
    keys = np.array([5, 3, 0, 2, 9], dtype=np.int64)
    out = np.zeros(7, dtype=np.int64)
    lookup[1, 8](keys, out)
    expected = [2 * list(keys).index(i) if i in keys else -1 for i in range(7)]
    np.testing.assert_array_equal(out, expected)


def unwrap_kernel(debug):
    @cuda.jit(debug=debug, opt=not debug)
    def unwrap(a, out):
        i = cuda.grid(1)
        if i < a.size:
            r = scaled(a[i])
            out[i, 0] = r is None
            out[i, 1] = r + 1  # TypeError when r is None
            out[i, 2] = 8
    return unwrap


def test_unwrapping_none_ends_the_thread_without_debug():
    out = np.zeros((5, 3))
    unwrap_kernel(False)[1, 8](np.arange(5), out)
    expected = [[1, 0, 0]] * 3 + [[0, 3 * 1.5 + 1, 8], [0, 4 * 1.5 + 1, 8]]
    np.testing.assert_array_equal(out, expected)


def test_unwrapping_none_raises_type_error_with_debug():
    out = np.zeros((5, 3))
    with pytest.raises(TypeError, match="expected float64, got None"):
        unwrap_kernel(True)[1, 8](np.arange(5), out)
    # Values remain: the threads with a value finished.
    out = np.zeros((2, 3))
    unwrap_kernel(True)[1, 2](np.array([3, 4]), out)
    np.testing.assert_array_equal(out, [[0, 5.5, 8], [0, 7, 8]])


@cuda.jit(device=True)
def or_default(x, default):
    if x is None:
        return default
    return x


@cuda.jit
def join(a, out):
    i = cuda.grid(1)
    if i < a.size:
        best = None
        if a[i] > 0:
            best = a[i]
        out[i] = or_default(best, -1.0) + or_default(scaled(a[i]), 0.0)


def test_a_variable_none_on_one_path_and_an_optional_argument():
    a = np.array([-2.0, 0.5, 3.0, 7.0])
    out = np.zeros(4)
    join[1, 4](cuda.to_device(a), out)
    expected = [(v if v > 0 else -1.0) + (v * 1.5 if v > 2 else 0.0) for v in a]
    np.testing.assert_array_equal(out, expected)


def test_the_truth_value_of_an_optional_is_refused():
    from kernelc.errors import TypingError

    @cuda.jit
    def truthy(a, out):
        i = cuda.grid(1)
        if scaled(a[i]):
            out[i] = 1

    with pytest.raises(TypingError, match="has no truth value"):
        truthy[1, 1](np.ones(1), np.zeros(1))
