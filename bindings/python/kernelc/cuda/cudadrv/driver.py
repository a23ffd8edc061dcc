"""``numba.cuda.cudadrv.driver``'s host names that kernelc has: ``Stream``
(every stream kernelc makes or wraps, ``cuda.stream()``,
``cuda.external_stream()``...), ``Event``, and numba-cuda's memory
functions over device memory and host buffers: ``host_to_device``,
``device_to_host``, ``device_to_device``, ``device_memset``,
``device_pointer``, ``device_ctypes_pointer``, ``device_memory_size``,
``is_device_memory``, ``require_device_memory``, ``host_pointer``,
``host_memory_extents``, ``host_memory_size``.

Device memory is what numba-cuda counts as such: a device array, a mapped
or managed array, an object with ``__cuda_array_interface__``, or an
allocation from ``cuda.current_context().memalloc(n)``; its address must
lie in memory kernelc allocated. A copy or memset with no `stream` (0) is
done when the call returns; with a stream it is ordered on it, as in
numba-cuda."""

import ctypes

import numpy as np

from ... import _runtime
from ..._devicearray import _device_view, _span
from ..._runtime import Allocation, Event, Stream

__all__ = [
    "Event", "Stream", "host_to_device", "device_to_host", "device_to_device", "device_memset",
    "device_pointer", "device_ctypes_pointer", "device_memory_size", "is_device_memory",
    "require_device_memory", "host_pointer", "host_memory_extents", "host_memory_size",
]


def is_device_memory(obj) -> bool:
    """True for objects numba-cuda counts as device memory (a true
    ``__cuda_memory__``: device arrays, ``memalloc`` allocations)."""
    return bool(getattr(obj, "__cuda_memory__", False))


def require_device_memory(obj):
    """numba-cuda's sentry: raises unless :func:`is_device_memory`."""
    if not is_device_memory(obj):
        raise TypeError("Not a CUDA memory object.")


def _device_memory(obj):
    """(kernelc device, device address) of device memory `obj` (see the
    module); ``TypeError`` for anything else."""
    if isinstance(obj, Allocation):
        return obj.device, obj.ptr
    view = _device_view(obj)
    if view is None:
        raise TypeError("Not a CUDA memory object.")
    return view.gpu_data.device, view._ptr


def device_pointer(obj) -> int:
    """The device address of device memory `obj`, as an int."""
    return _device_memory(obj)[1]


def device_ctypes_pointer(obj):
    """The device address of `obj` as a ``ctypes.c_void_p`` (``c_void_p(0)``
    for None, as numba-cuda)."""
    if obj is None:
        return ctypes.c_void_p(0)
    return ctypes.c_void_p(device_pointer(obj))


def device_memory_size(devmem) -> int:
    """The size in bytes of the whole allocation `devmem` lies in (as
    numba-cuda's, from the driver's address range: for a view, its
    allocation's size)."""
    _, ptr = _device_memory(devmem)
    found = _runtime.lookup(ptr)
    if found is None:
        raise TypeError(f"device address 0x{ptr:x} is not in memory allocated by kernelc")
    return found[0].nbytes


def _host_array(obj) -> np.ndarray:
    """A NumPy array over the memory of host buffer `obj` (no copy)."""
    if isinstance(obj, np.ndarray):
        return obj
    return np.asarray(memoryview(obj))


def host_memory_extents(obj):
    """(start, end): the half-open range of host addresses buffer `obj` (a
    NumPy array or scalar, a ctypes object, any buffer) spans, as
    numba-cuda's."""
    if isinstance(obj, (ctypes._SimpleCData, ctypes.Structure, ctypes.Union, ctypes.Array)):
        start = ctypes.addressof(obj)
        return start, start + ctypes.sizeof(obj)
    ary = _host_array(obj)
    lo, span = _span(ary.shape, ary.strides, ary.dtype.itemsize)
    start = ary.__array_interface__["data"][0] + lo
    return start, start + span


def host_memory_size(obj) -> int:
    """The number of bytes buffer `obj` spans (:func:`host_memory_extents`)."""
    s, e = host_memory_extents(obj)
    assert e >= s, "memory extend of negative size"
    return e - s


def host_pointer(obj, readonly=False) -> int:
    """The host address of buffer `obj` (an int is taken as an address),
    as numba-cuda's. (`readonly` is accepted for numba-cuda's signature: a
    NumPy scalar, a record, is written in place as numba-cuda writes it.)"""
    if isinstance(obj, int):
        return obj
    if isinstance(obj, (ctypes._SimpleCData, ctypes.Structure, ctypes.Union, ctypes.Array)):
        return ctypes.addressof(obj)
    return _host_array(obj).__array_interface__["data"][0]


def _sync(dev, stream):
    """With no stream, waits for the default stream, so that the call is
    done when it returns (numba-cuda's synchronous copies)."""
    if not _runtime.is_stream(stream):
        dev.default_stream().synchronize()


def host_to_device(dst, src, size, stream=0):
    """Copies `size` bytes from host buffer `src` to device memory `dst`."""
    dev, ptr = _device_memory(dst)
    dev.htod(ptr, host_pointer(src, readonly=True), int(size), stream)
    _sync(dev, stream)


def device_to_host(dst, src, size, stream=0):
    """Copies `size` bytes from device memory `src` to host buffer `dst`."""
    dev, ptr = _device_memory(src)
    dev.dtoh(host_pointer(dst), ptr, int(size), stream)
    _sync(dev, stream)


def device_to_device(dst, src, size, stream=0):
    """Copies `size` bytes between two device memory objects."""
    dev, dptr = _device_memory(dst)
    _, sptr = _device_memory(src)
    dev.dtod(dptr, sptr, int(size), stream)
    _sync(dev, stream)


def device_memset(dst, val, size, stream=0):
    """Sets `size` bytes of device memory `dst` to the byte `val`."""
    dev, ptr = _device_memory(dst)
    dev.memset(ptr, val, int(size), stream)
    _sync(dev, stream)
