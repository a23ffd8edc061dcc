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
