"""Mapped and managed arrays (``cuda.mapped_array``, ``cuda.managed_array``):
NumPy arrays over memory kernels use in place, with no copy, on the CPU
device and (``KERNELC_DEVICE=gpu``) the GPU path."""

import gc
import weakref

import numpy as np
import pytest

from kernelc import cuda

MAKERS = [cuda.mapped_array, cuda.managed_array]


@cuda.jit
def negate_and_count(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] + 1
        a[i] = -a[i]


@cuda.jit
def double_2d(x):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        x[i, j] *= 2


@pytest.mark.parametrize("make", MAKERS)
def test_kernels_use_the_memory_in_place(make):
    a = make(10, dtype=np.int32)
    out = make(10, dtype=np.int32)
    assert isinstance(a, np.ndarray)
    assert type(a).__name__ == ("MappedNDArray" if make is cuda.mapped_array else "ManagedNDArray")
    assert (a == 0).all() and a.dtype == np.int32 and a.shape == (10,)
    a[:] = np.arange(10)
    negate_and_count[1, 32](a, out)
    cuda.synchronize()
    np.testing.assert_array_equal(out, np.arange(10) + 1)
    np.testing.assert_array_equal(a, -np.arange(10))
    # A strided view is the same memory: the kernel sees every other
    # element and writes through.
    v = a[::2]
    negate_and_count[1, 32](v, out[5:])
    cuda.synchronize()
    np.testing.assert_array_equal(a, np.arange(10) * np.array([1, -1] * 5))
    np.testing.assert_array_equal(out[5:], -np.arange(0, 10, 2) + 1)


@pytest.mark.parametrize("make", MAKERS)
def test_two_dimensional_views_and_strides(make):
    m = make((3, 4), dtype=np.float64)
    m[...] = np.arange(12).reshape(3, 4)
    double_2d[(1, 1), (4, 4)](m.T)
    cuda.synchronize()
    np.testing.assert_array_equal(m, 2 * np.arange(12).reshape(3, 4))
    f = make((3, 4), dtype=np.float32, order="F")
    assert f.flags.f_contiguous and not f.flags.c_contiguous
    f[...] = 1
    double_2d[(1, 1), (4, 4)](f)
    cuda.synchronize()
    assert (f == 2).all()
    s = make((2, 3), dtype=np.int16, strides=(8, 2))
    assert s.strides == (8, 2)
    like = cuda.mapped_array_like(f)
    assert like.shape == f.shape and like.dtype == f.dtype and like.flags.f_contiguous


@pytest.mark.parametrize("make", MAKERS)
def test_cuda_array_interface_is_the_device_memory(make):
    s = cuda.stream()
    a = make(6, dtype=np.float32, stream=s)
    cai = a.__cuda_array_interface__
    assert cai["shape"] == (6,) and cai["strides"] is None and cai["typestr"] == "<f4"
    assert cai["stream"] == int(s.handle) and cai["version"] == 3
    assert a.device_ctypes_pointer.value == cai["data"][0]
    assert make(3).__cuda_array_interface__["stream"] is None
    # Views: their own address, strides when not contiguous.
    v = a[1::2]
    assert v.__cuda_array_interface__["data"][0] == cai["data"][0] + 4
    assert v.__cuda_array_interface__["strides"] == (8,)
    # A device array over it shares the memory; to_device copies it.
    a[:] = [1, 2, 3, 4, 5, 6]
    shared = cuda.as_cuda_array(a)
    copied = cuda.to_device(a)
    a[0] = 100
    assert shared.copy_to_host()[0] == 100
    assert copied.copy_to_host()[0] == 1
    shared[1] = 7
    cuda.synchronize()
    assert a[1] == 7
    assert cuda.is_cuda_array(a)


@pytest.mark.parametrize("make", MAKERS)
def test_arrays_numpy_computes_are_plain_host_arrays(make):
    a = make(4, dtype=np.int64)
    a[:] = [1, 2, 3, 4]
    b = a + 1  # new memory of its own
    assert not hasattr(b, "__cuda_array_interface__")
    out = np.zeros(4, dtype=np.int64)
    negate_and_count[1, 32](b, out)  # copied in and out, as any host array
    np.testing.assert_array_equal(b, [-2, -3, -4, -5])
    np.testing.assert_array_equal(out, [3, 4, 5, 6])
    np.testing.assert_array_equal(a, [1, 2, 3, 4])
    np.testing.assert_array_equal(a.copy_to_host(), [1, 2, 3, 4])
    assert type(a.copy_to_host()) is np.ndarray
    a.copy_to_device(np.array([9, 8, 7, 6]))
    np.testing.assert_array_equal(a, [9, 8, 7, 6])


@pytest.mark.parametrize("make", MAKERS)
def test_views_keep_the_memory_alive(make):
    a = make(1000, dtype=np.uint8)
    alloc = weakref.ref(a._kc_alloc)
    v = a[10:20]
    del a
    gc.collect()
    assert alloc() is not None
    v[:] = 3
    out = np.zeros(10, dtype=np.uint8)
    negate_and_count[1, 32](v, out)
    cuda.synchronize()
    assert (out == 4).all() and (v == 253).all()
    del v
    gc.collect()
    assert alloc() is None


def test_bad_strides_are_refused():
    with pytest.raises(ValueError):
        cuda.mapped_array((2, 3), strides=(8,))
    with pytest.raises(ValueError):
        cuda.managed_array((2, 3), strides=(-8, 8))
