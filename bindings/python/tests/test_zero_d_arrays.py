"""0-d arrays (``np.array(2.5)``, Numba's ``array(float64, 0d, C)``) as
kernel arguments, host and device, read and written as ``a[()]``, passed
to device functions; checked against NumPy, on both devices."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.errors import TypingError


@cuda.jit(device=True)
def bump(cell, by):
    cell[()] += by


@cuda.jit
def accumulate(total, xs, count):
    i = cuda.grid(1)
    if i == 0:
        for x in xs:
            total[()] += x
        bump(count, xs.size)
        flat = count.reshape(1)
        flat[0] += total.ndim + total.size + len(total.shape)


def test_host_zero_d_arrays_are_written_back():
    xs = np.linspace(-2, 5, 9)
    total = np.array(1.25)
    count = np.array(3, dtype=np.int32)
    accumulate[1, 1](total, xs, count)
    expected = 1.25
    for x in xs:
        expected += x
    assert total[()] == expected
    assert count[()] == 3 + 9 + 0 + 1 + 0
    assert count.dtype == np.int32 and count.shape == ()


def test_device_zero_d_arrays():
    d = cuda.to_device(np.array(0.5))
    c = cuda.device_array((), dtype=np.int32)
    c.copy_to_device(np.array(7, dtype=np.int32))
    accumulate[1, 1](d, np.ones(4), c)
    assert d.shape == () and d.copy_to_host()[()] == 4.5
    assert c.copy_to_host()[()] == 7 + 4 + 1


def test_len_of_a_zero_d_array_is_numpys_error():
    @cuda.jit
    def length(a, out):
        out[0] = len(a)

    with pytest.raises(TypingError, match="len\\(\\) of unsized object"):
        length[1, 1](np.array(1.0), np.zeros(1))


SCALE = np.array(2.5)
TABLE = np.array([1.0, 2.0])


def test_zero_d_global_arrays_are_constants():
    @cuda.jit
    def scaled(out):
        out[0] = SCALE[()] * TABLE[1] + SCALE.size
        c = cuda.const.array_like(SCALE)
        out[1] = c[()] + c.ndim

    out = np.zeros(2)
    scaled[1, 1](out)
    np.testing.assert_array_equal(out, [6.0, 2.5])


def test_a_captured_zero_d_device_array_is_read_and_written():
    cell = cuda.to_device(np.array(4, dtype=np.int64))

    @cuda.jit
    def bump_cell():
        cell[()] += 3

    bump_cell[1, 1]()
    assert cell.copy_to_host()[()] == 7
