"""Mapped and managed arrays: NumPy arrays over memory that kernels reach
too, as Numba's ``cuda.mapped_array`` and ``cuda.managed_array`` give.

The memory is a ``kc_buffer`` from ``kc_buffer_alloc_host_visible``: on a
GPU, page-locked host memory mapped into the device (``cuMemHostAlloc``
with ``DEVICEMAP``) or managed memory (``cuMemAllocManaged``); on the CPU
device, host memory that kernels address directly. The array is an
``np.ndarray`` over its host address, so the host reads and writes it as
any NumPy array; a kernel launched with it (or with a view of it) gets its
device address, with no copy, as a device array would be passed, and
``__cuda_array_interface__`` exports that address. The host sees a
kernel's writes once the launch has finished (``cuda.synchronize()``, or
the stream's ``synchronize()``), as with Numba.

Views (slices, transposes, ``reshape``) share the memory and keep it
alive; an array NumPy computes from one (``a + 1``) owns new host memory
and is a plain host array to kernels.
"""

from __future__ import annotations

import ctypes

import numpy as np

from . import _device_api as api
from . import _runtime

__all__ = ["MappedNDArray", "ManagedNDArray", "mapped_array", "managed_array", "device_view"]


class _HostVisibleNDArray(np.ndarray):
    """A NumPy array over host-visible device memory (see the module)."""

    _kind = None  # api.KC_HOST_MEMORY_*

    def __array_finalize__(self, obj):
        # A view of host-visible memory keeps the allocation alive and
        # knows its device address; an array with memory of its own (a
        # ufunc's result, a copy) is a plain host array to kernels.
        alloc = getattr(obj, "_kc_alloc", None)
        if alloc is not None and not _inside(self, alloc):
            alloc = None
        self._kc_alloc = alloc
        self.stream = getattr(obj, "stream", 0)

    @property
    def __cuda_array_interface__(self):
        alloc = self._kc_alloc
        if alloc is None:
            raise AttributeError("this array owns host memory of its own, not mapped memory")
        stream = self.stream
        handle = getattr(stream, "handle", None) if stream else None
        return {
            "shape": self.shape,
            "strides": None if self.flags.c_contiguous else self.strides,
            "data": (_device_address(self, alloc) if self.size else 0, False),
            "typestr": self.dtype.str,
            "stream": int(handle) if handle else None,
            "version": 3,
        }

    @property
    def device_ctypes_pointer(self):
        """The device address of element 0, as Numba's."""
        alloc = self._kc_alloc
        return ctypes.c_void_p(_device_address(self, alloc) if alloc is not None else None)

    def __reduce__(self):
        """Pickled by value, into a new array of the same kind in the
        receiver (as device arrays pickle); an array that owns plain host
        memory comes back as a NumPy array."""
        host = np.array(self, copy=True, subok=False)
        if self._kc_alloc is None:
            return (np.asarray, (host,))
        return (_rebuild, (type(self), host))

    def copy_to_host(self, ary=None, stream=0):
        """A host copy (into `ary` when given, which is returned), as a
        device array's ``copy_to_host``."""
        if ary is None:
            return np.array(self, copy=True, subok=False)
        ary[...] = self
        return ary

    def copy_to_device(self, ary, stream=0):
        """Copies `ary` (a host or device array of the same shape) in."""
        if hasattr(ary, "copy_to_host") and not isinstance(ary, np.ndarray):
            ary = ary.copy_to_host()
        self[...] = ary

    def is_c_contiguous(self):
        return bool(self.flags.c_contiguous)

    def is_f_contiguous(self):
        return bool(self.flags.f_contiguous)


class MappedNDArray(_HostVisibleNDArray):
    """Numba's ``MappedNDArray``: page-locked host memory mapped into the
    device (``cuda.mapped_array``)."""

    _kind = api.KC_HOST_MEMORY_MAPPED


class ManagedNDArray(_HostVisibleNDArray):
    """Numba's ``ManagedNDArray``: managed memory, one address for the host
    and the device (``cuda.managed_array``)."""

    _kind = api.KC_HOST_MEMORY_MANAGED


def _inside(arr, alloc):
    """Whether `arr`'s elements lie in `alloc`'s host memory."""
    if arr.size == 0:
        return True
    lo = arr.ctypes.data + sum(min(0, (n - 1) * s) for n, s in zip(arr.shape, arr.strides))
    hi = arr.ctypes.data + sum(max(0, (n - 1) * s) for n, s in zip(arr.shape, arr.strides))
    return alloc.host_ptr <= lo and hi + arr.itemsize <= alloc.host_ptr + max(alloc.nbytes, 1)


def _device_address(arr, alloc):
    """The device address of `arr`'s element 0."""
    return alloc.ptr + (arr.ctypes.data - alloc.host_ptr)


def _new(cls, shape, dtype, strides, order, stream):
    dtype = np.dtype(dtype)
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(n) for n in shape)
    if strides is None:
        nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    else:
        strides = tuple(int(s) for s in strides)
        if len(strides) != len(shape):
            raise ValueError(f"strides {strides} do not match shape {shape}")
        if any(s < 0 for s in strides):
            raise ValueError("a mapped or managed array's strides must be non-negative")
        nbytes = 0 if 0 in shape else sum((n - 1) * s for n, s in zip(shape, strides)) + dtype.itemsize
    alloc = _runtime.current().alloc_host_visible(max(nbytes, 1), cls._kind)
    buf = (ctypes.c_byte * max(nbytes, 1)).from_address(alloc.host_ptr)
    arr = np.ndarray.__new__(cls, shape, dtype, buffer=buf, offset=0, strides=strides,
                             order=order)
    arr._kc_alloc = alloc
    arr.stream = stream
    return arr


def _rebuild(cls, host):
    """The receiving side of ``_HostVisibleNDArray.__reduce__``."""
    arr = _new(cls, host.shape, host.dtype, None, "C", 0)
    arr[...] = host
    return arr


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False,
                 wc=False):
    """A :class:`MappedNDArray` of zeros (Numba's ``cuda.mapped_array``;
    `portable` and `wc` are accepted: kernelc's mapped memory is portable
    across contexts)."""
    return _new(MappedNDArray, shape, dtype, strides, order, stream)


def managed_array(shape, dtype=np.float64, strides=None, order="C", stream=0,
                  attach_global=True):
    """A :class:`ManagedNDArray` of zeros (Numba's ``cuda.managed_array``;
    kernelc attaches it globally whatever `attach_global` says)."""
    return _new(ManagedNDArray, shape, dtype, strides, order, stream)


def device_view(arr):
    """A device array over `arr`'s memory when `arr` is a mapped or managed
    array (or a view of one), else None."""
    alloc = getattr(arr, "_kc_alloc", None)
    if alloc is None or not isinstance(arr, _HostVisibleNDArray):
        return None
    from ._devicearray import DeviceNDArray

    return DeviceNDArray(arr.shape, arr.strides, arr.dtype, stream=arr.stream, gpu_data=alloc,
                         offset=arr.ctypes.data - alloc.host_ptr)
