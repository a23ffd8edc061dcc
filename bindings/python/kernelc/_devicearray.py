"""Arrays in a device's memory (``DeviceNDArray``), as Numba's
``numba.cuda.cudadrv.devicearray.DeviceNDArray``."""

from __future__ import annotations

import ctypes

import numpy as np

from . import _runtime
from ._types import array_type, layout_of
from .errors import KernelcError

__all__ = [
    "DeviceNDArray",
    "to_device",
    "device_array",
    "device_array_like",
    "interface_shape",
    "as_cuda_array",
    "is_cuda_array",
]


def _prod(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _c_strides(shape, itemsize):
    strides = []
    s = itemsize
    for d in reversed(shape):
        strides.append(s)
        s *= max(d, 1)
    return tuple(reversed(strides))


def _f_strides(shape, itemsize):
    strides = []
    s = itemsize
    for d in shape:
        strides.append(s)
        s *= max(d, 1)
    return tuple(strides)


def _normalize_shape(shape):
    if isinstance(shape, (int, np.integer)):
        return (int(shape),)
    return tuple(int(d) for d in shape)


def interface_shape(cai):
    """(shape, byte strides, dtype) of a ``__cuda_array_interface__``."""
    shape = tuple(int(d) for d in cai["shape"])
    dtype = np.dtype(cai["typestr"])
    strides = cai.get("strides")
    if strides is None:
        strides = _c_strides(shape, dtype.itemsize)
    return shape, tuple(int(s) for s in strides), dtype


def _span(shape, strides, itemsize):
    """(lowest byte offset, bytes from it to the end of the highest element)
    of an array's elements relative to its first element."""
    if any(d == 0 for d in shape):
        return 0, 0
    lo = hi = 0
    for d, s in zip(shape, strides):
        if s >= 0:
            hi += (d - 1) * s
        else:
            lo += (d - 1) * s
    return lo, hi - lo + itemsize


class DeviceNDArray:
    """An array in device memory. Made by :func:`to_device`,
    :func:`device_array` and :func:`device_array_like`; passed to kernels
    without copies; read back with :meth:`copy_to_host`."""

    __cuda_memory__ = True
    __cuda_ndarray__ = True

    def __init__(self, shape, strides, dtype, stream=0, gpu_data=None, offset=0):
        self.shape = _normalize_shape(shape)
        self.dtype = np.dtype(dtype)
        if strides is None:
            strides = _c_strides(self.shape, self.dtype.itemsize)
        self.strides = tuple(int(s) for s in strides)
        self.ndim = len(self.shape)
        self.size = _prod(self.shape)
        self.stream = stream
        lo, span = _span(self.shape, self.strides, self.dtype.itemsize)
        if gpu_data is None:
            gpu_data = _runtime.current().alloc(max(span, 1))
            offset = -lo
        self.gpu_data = gpu_data
        self._offset = offset
        self._ptr = gpu_data.ptr + offset
        self.alloc_size = gpu_data.nbytes
        self._kc_type = None
        self._kc_arg = None  # the launch argument, built on first use
        # Memory another library lent read-only (`__cuda_array_interface__`'s
        # `data[1]`): kernels that may write it are refused.
        self._readonly = False
        if 1 <= self.ndim <= 3:
            try:
                self._kc_type = array_type(self.dtype, self.shape, self.strides)
            except TypeError:
                pass

    # -- properties Numba has -------------------------------------------
    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    @property
    def device_ctypes_pointer(self):
        return ctypes.c_void_p(self._ptr)

    @property
    def __cuda_array_interface__(self):
        contiguous = self.is_c_contiguous()
        stream = getattr(self.stream, "handle", None) if self.stream else None
        return {
            "shape": self.shape,
            "strides": None if contiguous else self.strides,
            "data": (self._ptr if self.size else 0, False),
            "typestr": self.dtype.str,
            "stream": int(stream) if stream else None,
            "version": 3,
        }

    @property
    def flags(self):
        return {
            "C_CONTIGUOUS": self.is_c_contiguous(),
            "F_CONTIGUOUS": self.is_f_contiguous(),
        }

    @property
    def T(self):
        return self.transpose()

    def is_c_contiguous(self) -> bool:
        return layout_of(self.shape, self.strides, self.dtype.itemsize) == "C"

    def is_f_contiguous(self) -> bool:
        if self.ndim <= 1 or self.size <= 1:
            return self.is_c_contiguous()
        return layout_of(self.shape, self.strides, self.dtype.itemsize) == "F"

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    def __repr__(self) -> str:
        return f"<kernelc DeviceNDArray shape={self.shape} dtype={self.dtype} at 0x{self._ptr:x}>"

    def bind(self, stream=0):
        return DeviceNDArray(self.shape, self.strides, self.dtype, stream, self.gpu_data, self._offset)

    # -- transfers --------------------------------------------------------
    def copy_to_host(self, ary=None, stream=0):
        """Copies the array to host memory: into `ary` if given (same shape
        and dtype), else into a new NumPy array, which is returned. With a
        `stream`, the copy is ordered on it (synchronise the stream before
        reading the result)."""
        dev = self.gpu_data.device
        if ary is None:
            ary = np.empty(self.shape, self.dtype, order="F" if self._prefer_f() else "C")
        else:
            if ary.shape != self.shape and not (ary.size == self.size and ary.ndim == 1 == self.ndim):
                raise ValueError(f"incompatible shape; device array {self.shape}, host array {ary.shape}")
            if ary.dtype != self.dtype:
                raise TypeError(f"incompatible dtype; device array {self.dtype}, host array {ary.dtype}")
            if not ary.flags.writeable:
                raise ValueError("the target host array is read-only")
        if self.size == 0:
            return ary
        lo, span = _span(self.shape, self.strides, self.dtype.itemsize)
        if ary.strides == self.strides and ary.flags.c_contiguous | ary.flags.f_contiguous:
            dev.dtoh(ary.ctypes.data + lo, self._ptr + lo, span, stream)
            return ary
        # Any other case: read the span, view it with the device strides.
        raw = np.empty(span, np.uint8)
        dev.dtoh(raw.ctypes.data, self._ptr + lo, span, stream)
        if stream:
            stream.synchronize()
        view = np.lib.stride_tricks.as_strided(
            _typed_at(raw, -lo, self.dtype),
            shape=self.shape,
            strides=self.strides,
        )
        ary[...] = view
        return ary

    def _prefer_f(self) -> bool:
        return self.ndim > 1 and not self.is_c_contiguous() and self.is_f_contiguous()

    def copy_to_device(self, ary, stream=0):
        """Copies a host array (or another device array) of the same shape
        into this array."""
        dev = self.gpu_data.device
        if self.size == 0:
            return
        src = _device_view(ary)
        if src is not None:
            if src.shape != self.shape or src.dtype != self.dtype:
                raise ValueError("incompatible shape or dtype for a device-to-device copy")
            if src.strides == self.strides:
                lo, span = _span(self.shape, self.strides, self.dtype.itemsize)
                dev.dtod(self._ptr + lo, src._ptr + lo, span, stream)
                return
            ary = src.copy_to_host()
        ary = np.asarray(ary)
        if ary.dtype != self.dtype:
            ary = ary.astype(self.dtype)
        if ary.shape != self.shape:
            ary = np.broadcast_to(ary, self.shape)
        lo, span = _span(self.shape, self.strides, self.dtype.itemsize)
        if ary.strides == self.strides and (ary.flags.c_contiguous or ary.flags.f_contiguous):
            dev.htod(self._ptr + lo, ary.ctypes.data + lo, span, stream)
            _keep_alive(stream, ary)
            return
        if self.is_c_contiguous() or self.is_f_contiguous():
            tmp = np.array(ary, order="F" if self._prefer_f() else "C", copy=True)
            dev.htod(self._ptr, tmp.ctypes.data, self.nbytes, stream)
            _keep_alive(stream, tmp)
            return
        # A strided device view: read-modify-write its span.
        raw = np.empty(span, np.uint8)
        dev.dtoh(raw.ctypes.data, self._ptr + lo, span, 0)
        view = np.lib.stride_tricks.as_strided(
            _typed_at(raw, -lo, self.dtype), shape=self.shape, strides=self.strides
        )
        view[...] = ary
        dev.htod(self._ptr + lo, raw.ctypes.data, span, stream)
        _keep_alive(stream, raw)

    def __array__(self, dtype=None, copy=None):
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype)

    # -- views --------------------------------------------------------------
    def __getitem__(self, key):
        shape, strides, offset, scalar = _index(self.shape, self.strides, key)
        view = DeviceNDArray(shape, strides, self.dtype, self.stream, self.gpu_data, self._offset + offset)
        if scalar:
            return view.copy_to_host()[()]
        return view

    def __setitem__(self, key, value):
        shape, strides, offset, _ = _index(self.shape, self.strides, key)
        view = DeviceNDArray(shape, strides, self.dtype, self.stream, self.gpu_data, self._offset + offset)
        view.copy_to_device(np.broadcast_to(np.asarray(value, dtype=self.dtype), shape))

    def reshape(self, *newshape, order="C"):
        if len(newshape) == 1 and not isinstance(newshape[0], (int, np.integer)):
            newshape = tuple(newshape[0])
        newshape = list(int(d) for d in newshape)
        if newshape.count(-1) == 1:
            known = _prod(d for d in newshape if d != -1)
            newshape[newshape.index(-1)] = self.size // known if known else 0
        newshape = tuple(newshape)
        if _prod(newshape) != self.size:
            raise ValueError(f"cannot reshape an array of size {self.size} into shape {newshape}")
        if order == "C" and self.is_c_contiguous():
            strides = _c_strides(newshape, self.dtype.itemsize)
        elif order == "F" and self.is_f_contiguous():
            strides = _f_strides(newshape, self.dtype.itemsize)
        else:
            raise NotImplementedError("reshape needs a contiguous array in the requested order")
        return DeviceNDArray(newshape, strides, self.dtype, self.stream, self.gpu_data, self._offset)

    def ravel(self, order="C"):
        return self.reshape(self.size, order=order)

    def transpose(self, axes=None):
        axes = tuple(reversed(range(self.ndim))) if axes is None else tuple(axes)
        shape = tuple(self.shape[a] for a in axes)
        strides = tuple(self.strides[a] for a in axes)
        return DeviceNDArray(shape, strides, self.dtype, self.stream, self.gpu_data, self._offset)

    def copy(self):
        out = DeviceNDArray(self.shape, None, self.dtype, self.stream)
        out.copy_to_device(self)
        return out


def _typed_at(raw, offset, dtype):
    """`raw[offset:]` seen as elements of `dtype` (offset may be any byte
    count: NumPy views need aligned sizes only at the end)."""
    b = raw[offset:]
    n = len(b) // dtype.itemsize
    return b[: n * dtype.itemsize].view(dtype)


def _index(shape, strides, key):
    """(shape, strides, byte offset, all-integer) of ``array[key]`` for
    basic indexing (ints, slices, Ellipsis)."""
    if not isinstance(key, tuple):
        key = (key,)
    if any(k is Ellipsis for k in key):
        i = key.index(Ellipsis)
        fill = len(shape) - (len(key) - 1)
        key = key[:i] + (slice(None),) * fill + key[i + 1:]
    if len(key) > len(shape):
        raise IndexError("too many indices for the device array")
    key = key + (slice(None),) * (len(shape) - len(key))
    out_shape, out_strides, offset, ints = [], [], 0, 0
    for k, d, s in zip(key, shape, strides):
        if isinstance(k, (int, np.integer)):
            k = int(k)
            if k < 0:
                k += d
            if not 0 <= k < d:
                raise IndexError(f"index {k} is out of bounds for an axis of size {d}")
            offset += k * s
            ints += 1
        elif isinstance(k, slice):
            start, stop, step = k.indices(d)
            n = len(range(start, stop, step))
            offset += start * s if n else 0
            out_shape.append(n)
            out_strides.append(s * step)
        else:
            raise IndexError("device arrays support basic indexing only (ints and slices)")
    return tuple(out_shape), tuple(out_strides), offset, ints == len(shape)


def _keep_alive(stream, obj):
    """Keeps a host buffer alive until an asynchronous copy on `stream`
    is done (the stream holds it until its next synchronisation)."""
    if stream:
        stream._pending.append(obj)


def _device_view(obj):
    """A DeviceNDArray for a device array or an object with
    ``__cuda_array_interface__``, else None."""
    if isinstance(obj, DeviceNDArray):
        return obj
    cai = getattr(obj, "__cuda_array_interface__", None)
    if cai is None or isinstance(obj, np.ndarray):
        return None
    return _from_interface(obj, cai)


def _from_interface(owner, cai):
    """A DeviceNDArray over another object's device memory: a view of the
    kernelc allocation the pointer lies in, or (memory another library
    allocated) a view that kernels take by address (``KC_ARG_DEVICE_PTR``;
    on a GPU the driver cannot check it, on the CPU device kernelc refuses
    addresses outside its buffers at launch)."""
    shape, strides, dtype = interface_shape(cai)
    ptr = int(cai["data"][0])
    if ptr == 0 and _prod(shape) == 0:
        return DeviceNDArray(shape, strides, dtype)
    found = _runtime.lookup(ptr)
    if found is None:
        _, span = _span(shape, strides, dtype.itemsize)
        mem = _runtime.ForeignMemory(_runtime.current(), ptr, span, owner)
        view = DeviceNDArray(shape, strides, dtype, 0, mem, 0)
    else:
        alloc, offset = found
        view = DeviceNDArray(shape, strides, dtype, 0, alloc, offset)
    view._owner = owner
    view._readonly = bool(cai["data"][1])
    return view


def as_cuda_array(obj, sync=True):
    """A DeviceNDArray over an object's ``__cuda_array_interface__``
    (no copy)."""
    view = _device_view(obj)
    if view is None:
        raise TypeError("the object does not have a __cuda_array_interface__")
    return view


def is_cuda_array(obj) -> bool:
    """True for objects that expose ``__cuda_array_interface__``."""
    return hasattr(obj, "__cuda_array_interface__")


def to_device(obj, stream=0, copy=True, to=None):
    """Copies a NumPy array (or anything ``np.asarray`` takes) to the device
    and returns the DeviceNDArray; with ``to``, copies into that device
    array instead."""
    if to is not None:
        to.copy_to_device(obj, stream=stream)
        return to
    if isinstance(obj, DeviceNDArray):
        return obj
    ary = np.asarray(obj)
    if ary.ndim == 0:
        ary = ary.reshape(1)
    if not (ary.flags.c_contiguous or ary.flags.f_contiguous):
        ary = np.ascontiguousarray(ary)
    out = DeviceNDArray(ary.shape, ary.strides, ary.dtype, stream)
    if copy:
        out.copy_to_device(ary, stream=stream)
    return out


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    """An array in device memory (its contents are zeros on the CPU device,
    undefined on a GPU, as in Numba)."""
    shape = _normalize_shape(shape)
    dtype = np.dtype(dtype)
    if strides is None:
        strides = _f_strides(shape, dtype.itemsize) if order == "F" else _c_strides(shape, dtype.itemsize)
    return DeviceNDArray(shape, strides, dtype, stream)


def device_array_like(ary, stream=0):
    """A device array with the shape, dtype and layout of `ary`."""
    ary_shape = tuple(ary.shape)
    dtype = np.dtype(ary.dtype)
    order = "F" if (getattr(ary, "flags", None) is not None and _is_f_only(ary)) else "C"
    return device_array(ary_shape, dtype, None, order, stream)


def _is_f_only(ary) -> bool:
    flags = ary.flags
    if isinstance(flags, dict):
        return flags.get("F_CONTIGUOUS") and not flags.get("C_CONTIGUOUS")
    return flags.f_contiguous and not flags.c_contiguous

