"""Arrays in a device's memory (``DeviceNDArray``), as Numba's
``numba.cuda.cudadrv.devicearray.DeviceNDArray``: transfers
(``copy_to_host``, ``copy_to_device``), views sharing the memory (slices,
``.T``, ``reshape``, ``ravel``, ``split``, ``squeeze``, ``view``),
host-side element and slice reads and writes, ``flags`` and contiguity as
Numba computes them; records in device memory (``DeviceRecord``, an
element of a record array); numba-cuda's module helpers
(``is_contiguous``, ``array_core``, ``sentry_contiguous``,
``verify_cuda_ndarray_interface``, ``from_array_like``,
``from_record_like``); and ``to_device``, ``device_array(_like)``,
``auto_device``, ``as_cuda_array``.

Where Numba's real target and its simulator differ, kernelc takes Numba's
behaviour on a GPU, except that some operations Numba refuses work here
(strided device views as copy targets, negative strides in
``copy_to_host``, host arrays of other strides in ``copy_to_host``) and
``.T`` / ``transpose`` is a view of any rank (Numba copies 2-D arrays with a
kernel and refuses other ranks; its simulator makes a view like kernelc).
"""

from __future__ import annotations

import ctypes
import operator

import numpy as np

from . import _runtime
from ._types import MAX_NDIM, Array, array_type, from_dtype
from .errors import KernelcError

__all__ = [
    "DeviceNDArray",
    "to_device",
    "auto_device",
    "device_array",
    "device_array_like",
    "interface_shape",
    "as_cuda_array",
    "from_cuda_array_interface",
    "is_cuda_array",
    "is_cuda_ndarray",
    "require_cuda_ndarray",
    "verify_cuda_ndarray_interface",
    "array_core",
    "is_contiguous",
    "sentry_contiguous",
    "from_array_like",
    "DeviceRecord",
    "from_record_like",
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


_SHAPE_ERROR = "shape must be an integer or tuple of integers"


def _normalize_shape(shape):
    """`shape` (an int, a sequence of ints or an integer NumPy array) as a
    tuple of ints; floats are numba-cuda's ``TypeError`` (they were
    truncated)."""
    if isinstance(shape, (float, np.floating)) or (
        isinstance(shape, np.ndarray) and not np.issubdtype(shape.dtype, np.integer)
    ):
        raise TypeError(_SHAPE_ERROR)
    try:
        if isinstance(shape, (int, np.integer)) or (isinstance(shape, np.ndarray) and shape.ndim == 0):
            return (operator.index(shape),)
        return tuple(operator.index(d) for d in shape)
    except TypeError:
        raise TypeError(_SHAPE_ERROR) from None


def contiguity(shape, strides, itemsize):
    """(C-contiguous, F-contiguous) as Numba's ``dummyarray`` computes
    them (NumPy's rule, except that an array with any zero stride, a
    broadcast, is neither): extents of 1 do not count, empty arrays and 0-d
    arrays are both."""
    if not shape or any(d == 0 for d in shape):
        return True, True
    if any(s == 0 for s in strides):
        return False, False
    c = f = True
    expect = itemsize
    for d, st in zip(reversed(shape), reversed(strides)):
        if d != 1:
            c = c and st == expect
            expect *= d
    expect = itemsize
    for d, st in zip(shape, strides):
        if d != 1:
            f = f and st == expect
            expect *= d
    return c, f


class Flags(dict):
    """A device array's flags: the dict Numba's ``DeviceNDArray.flags``
    returns (``flags["C_CONTIGUOUS"]``, ``flags["F_CONTIGUOUS"]``) that also
    reads as NumPy's flags object (``flags.c_contiguous``, ``flags["C"]``,
    ``flags.writeable``...), so code written for either works."""

    _ALIASES = {"C": "C_CONTIGUOUS", "CONTIGUOUS": "C_CONTIGUOUS", "F": "F_CONTIGUOUS",
                "FORTRAN": "F_CONTIGUOUS"}
    _CONSTANT = {"WRITEABLE": True, "W": True, "ALIGNED": True, "A": True, "OWNDATA": False,
                 "O": False, "WRITEBACKIFCOPY": False, "X": False}

    def __missing__(self, key):
        if key in self._ALIASES:
            return self[self._ALIASES[key]]
        if key in self._CONSTANT:
            return self._CONSTANT[key]
        raise KeyError(key)

    c_contiguous = contiguous = property(lambda self: self["C_CONTIGUOUS"])
    f_contiguous = fortran = property(lambda self: self["F_CONTIGUOUS"])
    forc = property(lambda self: self["C_CONTIGUOUS"] or self["F_CONTIGUOUS"])
    fnc = property(lambda self: self["F_CONTIGUOUS"] and not self["C_CONTIGUOUS"])
    writeable = aligned = property(lambda self: True)
    owndata = writebackifcopy = property(lambda self: False)


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
        if 0 <= self.ndim <= MAX_NDIM:
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
    def flags(self) -> Flags:
        """``C_CONTIGUOUS`` and ``F_CONTIGUOUS`` (see :class:`Flags`)."""
        c, f = contiguity(self.shape, self.strides, self.dtype.itemsize)
        return Flags(C_CONTIGUOUS=c, F_CONTIGUOUS=f)

    @property
    def T(self):
        return self.transpose()

    @property
    def _numba_type_(self):
        """The array's type as numba-cuda types it (``Array(dtype, ndim,
        layout)``, kernelc's type object): layout ``C`` when C-contiguous
        (preferred when both), else ``F`` when F-contiguous, else ``A``; a
        broadcast array (a zero stride, not empty) is always ``A``."""
        broadcast = 0 in self.strides and self.size != 0
        c, f = contiguity(self.shape, self.strides, self.dtype.itemsize)
        layout = "C" if c and not broadcast else "F" if f and not broadcast else "A"
        return Array(from_dtype(self.dtype), self.ndim, layout)

    def is_c_contiguous(self) -> bool:
        return contiguity(self.shape, self.strides, self.dtype.itemsize)[0]

    def is_f_contiguous(self) -> bool:
        return contiguity(self.shape, self.strides, self.dtype.itemsize)[1]

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    def __reduce__(self):
        """Pickled by value, as CuPy pickles its arrays (Numba's do not
        pickle): the contents are copied to the host, and the receiver
        copies them to its current device. The copy is a new array: writes
        on one side are not seen on the other."""
        return (_rebuild_device_array, (self.copy_to_host(),))

    def __repr__(self) -> str:
        return f"<kernelc DeviceNDArray shape={self.shape} dtype={self.dtype} at 0x{self._ptr:x}>"

    def bind(self, stream=0):
        """The same array with `stream` as its default stream."""
        return self._view(self.shape, self.strides, 0, stream)

    def _view(self, shape, strides, offset=0, stream=None, dtype=None):
        """A DeviceNDArray over this one's memory, `offset` bytes on."""
        view = DeviceNDArray(shape, strides, self.dtype if dtype is None else dtype,
                             self.stream if stream is None else stream, self.gpu_data,
                             self._offset + offset)
        for attr in ("_owner", "_readonly"):
            if attr in self.__dict__:
                setattr(view, attr, self.__dict__[attr])
        return view

    # -- transfers --------------------------------------------------------
    def copy_to_host(self, ary=None, stream=0):
        """Copies the array to host memory: into `ary` if given (same dtype;
        same shape once extents of 1 are dropped, as Numba checks; any
        strides), else into a new NumPy array; returns the host array. With
        a `stream`, the copy is ordered on it (synchronise the stream before
        reading the result)."""
        dev = self.gpu_data.device
        stream = stream or self.stream
        if ary is None:
            ary = np.empty(self.shape, self.dtype, order="F" if self._prefer_f() else "C")
        else:
            check_array_compatibility(self, ary)
            if not ary.flags.writeable:
                raise ValueError("the target host array is read-only")
        if self.size == 0:
            return ary
        lo, span = _span(self.shape, self.strides, self.dtype.itemsize)
        if ary.shape == self.shape and ary.strides == self.strides and (
            ary.flags.c_contiguous or ary.flags.f_contiguous
        ):
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
        ary[...] = view.reshape(ary.shape)
        return ary

    def _prefer_f(self) -> bool:
        return self.ndim > 1 and not self.is_c_contiguous() and self.is_f_contiguous()

    def copy_to_device(self, ary, stream=0):
        """Copies `ary` (a host array, anything ``np.asarray`` takes, or
        device memory) into this array. As Numba: nothing to do for an empty
        `ary`; the dtypes must be equal (``TypeError``) and the shapes equal
        once extents of 1 are dropped (``ValueError``), with Numba's
        messages."""
        stream = stream or self.stream
        src = _device_view(ary)
        if src is None:
            src = np.asarray(ary)
        if src.size == 0:
            return
        check_array_compatibility(self, src)
        self._write(src, stream)

    def _write(self, src, stream):
        """Copies `src` (a DeviceNDArray, or a NumPy array), of this
        array's dtype and (but for extents of 1) shape, into this array;
        NumPy arrays may be broadcast views."""
        dev = self.gpu_data.device
        if self.size == 0:
            return
        lo, span = _span(self.shape, self.strides, self.dtype.itemsize)
        if isinstance(src, DeviceNDArray):
            if src.shape == self.shape and src.strides == self.strides:
                dev.dtod(self._ptr + lo, src._ptr + lo, span, stream)
                return
            src = src.copy_to_host()
        ary = src.reshape(self.shape) if src.shape != self.shape else src
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
        if copy is False:
            raise ValueError("`copy=False` is not supported. A copy is always created.")
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype)

    # -- views and host-side indexing ---------------------------------------------
    def __getitem__(self, key):
        return self.getitem(key)

    def getitem(self, key, stream=0):
        """``array[key]`` (ints, slices, ``...``): a view sharing the
        memory, or, when every axis is indexed by an int, the element as a
        NumPy scalar (read from the device) or, for a record dtype, as a
        :class:`DeviceRecord` over the element's memory (numba-cuda's)."""
        shape, strides, offset, scalar = _index(self.shape, self.strides, key)
        if scalar and self.dtype.names is not None:
            # An element of a record array: the record in device memory.
            return DeviceRecord(self.dtype, stream or self.stream, self.gpu_data,
                                self._offset + offset)
        view = self._view(shape, strides, offset, stream or None)
        if scalar:
            host = view.copy_to_host(stream=stream)
            if stream or self.stream:
                (stream or self.stream).synchronize()
            return host[()]
        return view

    def __setitem__(self, key, value):
        self.setitem(key, value)

    def setitem(self, key, value, stream=0):
        """``array[key] = value``: a scalar, a host array or device memory,
        broadcast as Numba broadcasts it (missing leading axes and extents
        of 1) and converted to this array's dtype; Numba's ``ValueError``s
        when it does not fit. Without a `stream` (here or the array's), the
        copy is done on the default stream and waited for; with one, it is
        ordered on it (synchronise the stream before reading the result)."""
        shape, strides, offset, _ = _index(self.shape, self.strides, key)
        lhs = self._view(shape, strides, offset)
        src = _device_view(value)
        rhs = src.copy_to_host() if src is not None else np.asarray(value)
        if rhs.ndim > lhs.ndim:
            raise ValueError("Can't assign %s-D array to %s-D self" % (rhs.ndim, lhs.ndim))
        rhs = rhs.reshape((1,) * (lhs.ndim - rhs.ndim) + rhs.shape)
        for i, (l, r) in enumerate(zip(lhs.shape, rhs.shape)):
            if r != 1 and l != r:
                raise ValueError(
                    "Can't copy sequence with size %d to array axis %d with dimension %d" % (r, i, l)
                )
        # As numba-cuda: on the given stream, else the array's; with
        # neither (0), on the default stream, synchronised before returning.
        # A stream object counts as given even when it is the default stream.
        stream = stream if _runtime.is_stream(stream) else self.stream
        synchronous = not _runtime.is_stream(stream)
        if synchronous:
            stream = self.gpu_data.device.default_stream()
        lhs._write(np.broadcast_to(rhs.astype(self.dtype, copy=False), lhs.shape), stream)
        if synchronous:
            stream.synchronize()

    def reshape(self, *newshape, **kws):
        """A view with another shape, as Numba's ``reshape``: a C- or
        F-contiguous array is laid out anew in the requested `order` over
        the same memory (``order="F"`` on a C array reinterprets its memory,
        as Numba does, where NumPy would reorder the elements); any other
        array only when NumPy could make a view (else
        ``NotImplementedError``)."""
        if len(newshape) == 1 and isinstance(newshape[0], (tuple, list)):
            newshape = newshape[0]
        newshape = tuple(int(d) for d in newshape)
        if newshape == self.shape:
            return self._view(self.shape, self.strides)
        order = kws.pop("order", "C")
        if kws:
            raise TypeError("unknown keyword arguments %s" % kws.keys())
        if order not in ("C", "F", "A"):
            raise ValueError("order not C|F|A")
        unknown = [i for i, d in enumerate(newshape) if d < 0]
        if len(unknown) > 1:
            raise ValueError("can only specify one unknown dimension")
        if unknown:
            known = _prod(d for d in newshape if d >= 0)
            if known == 0 or self.size % known != 0:
                raise ValueError("cannot infer valid shape for unknown dimension")
            i = unknown[0]
            newshape = newshape[:i] + (self.size // known,) + newshape[i + 1:]
        if order == "A":
            order = "F" if self.is_f_contiguous() else "C"
        if _prod(newshape) != self.size:
            raise ValueError("reshape changes the size of the array")
        itemsize = self.dtype.itemsize
        if self.is_c_contiguous() or self.is_f_contiguous():
            strides = _c_strides(newshape, itemsize) if order == "C" else _f_strides(newshape, itemsize)
        else:
            strides = _nocopy_reshape(self.shape, self.strides, newshape, itemsize, order == "F")
            if strides is None:
                raise NotImplementedError("reshape would require copy")
        return self._view(newshape, strides)

    def ravel(self, order="C", stream=0):
        """The array as one dimension, for a contiguous array only (as
        Numba: ``NotImplementedError`` otherwise)."""
        if order not in ("C", "F", "A"):
            raise ValueError("order not C|F|A")
        c, f = self.is_c_contiguous(), self.is_f_contiguous()
        if (order in "CA" and c) or (order in "FA" and f):
            return self._view((self.size,), (self.dtype.itemsize,), 0, stream or None)
        raise NotImplementedError("ravel on non-contiguous array")

    def transpose(self, axes=None):
        """A view with the axes permuted (reversed by default), sharing
        the memory."""
        if axes is not None and tuple(axes) == tuple(range(self.ndim)):
            return self
        if axes is not None and (len(axes) != self.ndim or set(axes) != set(range(self.ndim))):
            raise ValueError("invalid axes list %r" % (axes,))
        axes = tuple(reversed(range(self.ndim))) if axes is None else tuple(axes)
        return self._view(tuple(self.shape[a] for a in axes), tuple(self.strides[a] for a in axes))

    def split(self, section, stream=0):
        """Views of consecutive pieces of `section` elements (the last one
        shorter) of a 1-D array of unit stride, as a generator (Numba's)."""
        if self.ndim != 1:
            raise ValueError("only support 1d array")
        if self.strides[0] != self.dtype.itemsize:
            raise ValueError("only support unit stride")
        itemsize = self.dtype.itemsize
        for begin in range(0, self.size, section):
            end = min(begin + section, self.size)
            yield self._view((end - begin,), self.strides, begin * itemsize, stream or None)

    def squeeze(self, axis=None, stream=0):
        """A view without the axes of extent 1 (or only those in `axis`)."""
        if axis is None:
            keep = [i for i, d in enumerate(self.shape) if d != 1]
        else:
            axis = axis if isinstance(axis, tuple) else (axis,)
            if any(self.shape[a] != 1 for a in axis):
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
            keep = [i for i in range(self.ndim) if i not in axis]
        return self._view(tuple(self.shape[i] for i in keep), tuple(self.strides[i] for i in keep),
                          0, stream or None)

    def view(self, dtype):
        """The same memory seen as elements of another dtype (as Numba: a
        different item size needs a C-contiguous array and changes the
        last extent)."""
        dtype = np.dtype(dtype)
        shape, strides = list(self.shape), list(self.strides)
        if self.dtype.itemsize != dtype.itemsize:
            if not self.is_c_contiguous():
                raise ValueError("To change to a dtype of a different size, the array must be C-contiguous")
            shape[-1], rem = divmod(shape[-1] * self.dtype.itemsize, dtype.itemsize)
            if rem != 0:
                raise ValueError(
                    "When changing to a larger dtype, its size must be a divisor of the total size "
                    "in bytes of the last axis of the array."
                )
            strides[-1] = dtype.itemsize
        return self._view(tuple(shape), tuple(strides), dtype=dtype)

    def copy(self):
        """A new device array with the same contents."""
        out = DeviceNDArray(self.shape, None, self.dtype, self.stream)
        out.copy_to_device(self)
        return out


class DeviceRecord(DeviceNDArray):
    """A record in device memory, numba-cuda's ``DeviceRecord`` (what
    ``device_array[i]`` of a record array gives, or
    :func:`from_record_like` / :func:`auto_device` of a NumPy record):
    ``rec["field"]`` reads a field (a NumPy scalar; a nested record as a
    ``DeviceRecord``; an array field as a device array view), ``rec["field"]
    = value`` writes one; ``copy_to_device`` / ``copy_to_host`` take NumPy
    records (``np.void`` / ``np.record``). Its shape and strides are ``()``.
    A kernel takes it as a record argument (Numba's ``Record``), by
    reference, as numba-cuda does: what the kernel writes is in device
    memory."""

    def __init__(self, dtype, stream=0, gpu_data=None, offset=0):
        super().__init__((), (), dtype, stream, gpu_data, offset)
        # Typed as a record; passed as a NumPy record is (its address).
        # (None for a record kernels cannot take, with string fields.)
        try:
            self._kc_type = from_dtype(self.dtype)
        except TypeError:
            self._kc_type = None

    @property
    def flags(self) -> dict:
        return dict(super().flags)

    @property
    def _numba_type_(self):
        """The record's type (kernelc's ``Record``, equal to numba-cuda's
        for the same dtype)."""
        return from_dtype(self.dtype)

    def _stream_of(self, stream):
        """(stream, synchronous) as numba-cuda picks them: the given
        stream, else the record's, else the default stream, waited for."""
        stream = stream if _runtime.is_stream(stream) else self.stream
        if _runtime.is_stream(stream):
            return stream, False
        return self.gpu_data.device.default_stream(), True

    def __getitem__(self, item):
        return self.getitem(item)

    def getitem(self, item, stream=0):
        """The field `item` (see the class)."""
        typ, offset = self.dtype.fields[item][:2]
        stream = stream or self.stream
        if typ.shape == ():
            if typ.names is not None:
                return DeviceRecord(typ, stream, self.gpu_data, self._offset + offset)
            host = np.empty(1, dtype=typ)
            self.gpu_data.device.dtoh(host.ctypes.data, self._ptr + offset, typ.itemsize, stream)
            if stream:
                stream.synchronize()
            return host[0]
        base, shape = typ.subdtype
        return DeviceNDArray(shape, None, base, stream, self.gpu_data, self._offset + offset)

    def __setitem__(self, key, value):
        self.setitem(key, value)

    def setitem(self, key, value, stream=0):
        """Writes `value`, converted to the field's type, to field `key`;
        without a stream (here or the record's), waited for, as
        numba-cuda's."""
        typ, offset = self.dtype.fields[key][:2]
        stream, synchronous = self._stream_of(stream)
        host = np.empty(1, dtype=typ)
        host[0] = value
        self.gpu_data.device.htod(self._ptr + offset, host.ctypes.data, typ.itemsize, stream)
        _keep_alive(stream, host)
        if synchronous:
            stream.synchronize()

    def copy_to_device(self, ary, stream=0):
        """Copies a NumPy record (or a record device array) of this dtype
        into this record."""
        src = _device_view(ary)
        if src is not None:
            if src.dtype != self.dtype:
                raise TypeError("incompatible dtype: %s vs. %s" % (self.dtype, src.dtype))
            self.gpu_data.device.dtod(self._ptr, src._ptr, self.dtype.itemsize, stream or self.stream)
            return
        host = np.array(ary, dtype=self.dtype) if not isinstance(ary, np.void) else ary
        if host.dtype != self.dtype:
            raise TypeError("incompatible dtype: %s vs. %s" % (self.dtype, host.dtype))
        buf = np.asarray(memoryview(host)) if isinstance(host, np.void) else host
        buf = np.ascontiguousarray(buf)
        stream = stream or self.stream
        self.gpu_data.device.htod(self._ptr, buf.ctypes.data, self.dtype.itemsize, stream)
        _keep_alive(stream, buf)

    def copy_to_host(self, ary=None, stream=0):
        """Copies the record into `ary` (a NumPy record, written in place,
        or a 0-d or 1-element array of this dtype) or, without one, a new
        NumPy record; returns it."""
        stream = stream or self.stream
        if ary is None:
            ary = np.empty(1, dtype=self.dtype)[0]
        if ary.dtype != self.dtype:
            raise TypeError("incompatible dtype: %s vs. %s" % (self.dtype, ary.dtype))
        if isinstance(ary, np.void):
            # A NumPy record's own buffer (read-only to Python, written in
            # place as numba-cuda writes it).
            address = np.asarray(memoryview(ary)).__array_interface__["data"][0]
        else:
            if ary.size != 1 or not ary.flags.writeable:
                raise ValueError("the target must be one writeable record")
            address = ary.ctypes.data
        self.gpu_data.device.dtoh(address, self._ptr, self.dtype.itemsize, stream)
        return ary


def from_record_like(rec, stream=0, gpu_data=None):
    """A :class:`DeviceRecord` of `rec`'s dtype (a NumPy or device record),
    in new device memory unless `gpu_data` is given (numba-cuda's)."""
    return DeviceRecord(rec.dtype, stream, gpu_data)


def _rebuild_device_array(host):
    """The receiving side of :meth:`DeviceNDArray.__reduce__`."""
    return to_device(host)


def _nocopy_reshape(shape, strides, newshape, itemsize, f_order):
    """The strides that give `newshape` over the memory of an array of
    `shape` and `strides` without copying, or None when there are none
    (NumPy's ``_attempt_nocopy_reshape``, as Numba's ``dummyarray``)."""
    old = [(d, s) for d, s in zip(shape, strides) if d != 1]
    olddims = [d for d, _ in old]
    oldstrides = [s for _, s in old]
    newstrides = [0] * len(newshape)
    if _prod(newshape) != _prod(olddims):
        return None
    if _prod(newshape) == 0:
        return tuple([itemsize] * len(newshape))
    oi, oj, ni, nj = 0, 1, 0, 1
    while ni < len(newshape) and oi < len(olddims):
        np_, op = newshape[ni], olddims[oi]
        while np_ != op:
            if np_ < op:
                np_ *= newshape[nj]
                nj += 1
            else:
                op *= olddims[oj]
                oj += 1
        for ok in range(oi, oj - 1):
            if f_order:
                if oldstrides[ok + 1] != olddims[ok] * oldstrides[ok]:
                    return None
            elif oldstrides[ok] != olddims[ok + 1] * oldstrides[ok + 1]:
                return None
        if f_order:
            newstrides[ni] = oldstrides[oi]
            for nk in range(ni + 1, nj):
                newstrides[nk] = newstrides[nk - 1] * newshape[nk - 1]
        else:
            newstrides[nj - 1] = oldstrides[oj - 1]
            for nk in range(nj - 1, ni, -1):
                newstrides[nk - 1] = newstrides[nk] * newshape[nk]
        ni, nj, oi, oj = nj, nj + 1, oj, oj + 1
    last = newstrides[ni - 1] if ni >= 1 else itemsize
    if f_order:
        last *= newshape[ni - 1]
    for nk in range(ni, len(newshape)):
        newstrides[nk] = last
    return tuple(newstrides)


def is_cuda_ndarray(obj) -> bool:
    """True for a device array (an object with a true ``__cuda_ndarray__``),
    as numba-cuda's ``is_cuda_ndarray``."""
    return getattr(obj, "__cuda_ndarray__", False)


def require_cuda_ndarray(obj):
    """``ValueError`` unless :func:`is_cuda_ndarray` (numba-cuda's)."""
    if not is_cuda_ndarray(obj):
        raise ValueError("require an cuda ndarray object")


def verify_cuda_ndarray_interface(obj):
    """Checks that `obj` is a device array with ``shape`` and ``strides``
    tuples, a NumPy ``dtype`` and an int ``size`` (numba-cuda's check,
    raising ``ValueError`` / ``AttributeError`` as it does)."""
    require_cuda_ndarray(obj)

    def requires_attr(attr, typ):
        if not hasattr(obj, attr):
            raise AttributeError(attr)
        if not isinstance(getattr(obj, attr), typ):
            raise AttributeError("%s must be of type %s" % (attr, typ))

    requires_attr("shape", tuple)
    requires_attr("strides", tuple)
    requires_attr("dtype", np.dtype)
    requires_attr("size", int)


def array_core(ary):
    """The repeated core of a broadcast array (NumPy or device): the view
    with index 0 on every axis of stride 0, as numba-cuda's ``array_core``
    (a broadcast array is never contiguous; its core may be)."""
    if not ary.strides or not ary.size:
        return ary
    return ary[tuple(0 if stride == 0 else slice(None) for stride in ary.strides)]


def is_contiguous(ary) -> bool:
    """True when `ary` is C-contiguous once broadcast axes (stride 0) and
    extents of 1 are ignored (numba-cuda's ``is_contiguous``, which agrees
    with ``array_core(ary).flags["C_CONTIGUOUS"]``)."""
    size = ary.dtype.itemsize
    for extent, stride in zip(reversed(ary.shape), reversed(ary.strides)):
        if extent > 1 and stride != 0:
            if size != stride:
                return False
            size *= extent
    return True


def _contiguous_core(ary) -> bool:
    """True when `ary`'s core (:func:`array_core`) is C- or F-contiguous."""
    core = array_core(ary)
    return core.flags["C_CONTIGUOUS"] or core.flags["F_CONTIGUOUS"]


def sentry_contiguous(ary):
    """numba-cuda's ``ValueError`` (:data:`errmsg_contiguous_buffer`) unless
    the core of `ary` (:func:`array_core`) is C- or F-contiguous."""
    if not _contiguous_core(ary):
        raise ValueError(errmsg_contiguous_buffer)


def from_array_like(ary, stream=0, gpu_data=None):
    """A device array with `ary`'s shape, strides and dtype (over
    `gpu_data`, a kernelc allocation, when given), as numba-cuda's."""
    return DeviceNDArray(ary.shape, ary.strides, ary.dtype, stream, gpu_data)


def check_array_compatibility(ary1, ary2):
    """Numba's check before a copy between two arrays: the same dtype
    (``TypeError``) and the same shape once extents of 1 are dropped
    (``ValueError``), with Numba's messages. (Numba also wants the same
    strides; kernelc copies between any strides.)"""
    if ary1.dtype != ary2.dtype:
        raise TypeError("incompatible dtype: %s vs. %s" % (ary1.dtype, ary2.dtype))
    if tuple(d for d in ary1.shape if d != 1) != tuple(d for d in ary2.shape if d != 1):
        raise ValueError("incompatible shape: %s vs. %s" % (ary1.shape, ary2.shape))


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
    wrapper = _runtime.as_stream(stream)
    if wrapper is stream:
        if stream:
            stream._pending.append(obj)
    elif wrapper:
        # Another library's stream: its owner's synchronisation never
        # releases kernelc's list, so the copy is waited for now.
        wrapper.synchronize()


def _device_view(obj, sync=True):
    """A DeviceNDArray for a device array or an object with
    ``__cuda_array_interface__`` (see :func:`from_cuda_array_interface`
    for `sync`), else None."""
    if isinstance(obj, DeviceNDArray):
        return obj
    if isinstance(obj, np.ndarray):
        # A mapped or managed array is device memory too.
        from ._hostvisible import device_view

        return device_view(obj)
    cai = getattr(obj, "__cuda_array_interface__", None)
    if cai is None:
        return None
    return _from_interface(obj, cai, sync)


def _from_interface(owner, cai, sync=True):
    """A DeviceNDArray over another object's device memory: a view of the
    kernelc allocation the pointer lies in, or (memory another library
    allocated) a view that kernels take by address (``KC_ARG_DEVICE_PTR``;
    on a GPU the driver cannot check it, on the CPU device kernelc refuses
    addresses outside its buffers at launch). Its stream, as numba-cuda's:
    the interface's ``stream`` as an external stream (synchronised now when
    `sync` and ``cuda.config.CUDA_ARRAY_INTERFACE_SYNC``), else 0. A mask
    is refused (``NotImplementedError``), as in numba-cuda."""
    from .cuda import config

    if cai.get("version", 0) >= 1 and cai.get("mask") is not None:
        raise NotImplementedError("Masked arrays are not supported")
    shape, strides, dtype = interface_shape(cai)
    stream_ptr = cai.get("stream")
    stream = 0
    if stream_ptr is not None:
        stream = _runtime.current().create_external_stream(int(stream_ptr))
        if sync and config.CUDA_ARRAY_INTERFACE_SYNC:
            stream.synchronize()
    ptr = int(cai["data"][0])
    if ptr == 0 and _prod(shape) == 0:
        return DeviceNDArray(shape, strides, dtype, stream)
    found = _runtime.lookup(ptr)
    if found is None:
        _, span = _span(shape, strides, dtype.itemsize)
        mem = _runtime.ForeignMemory(_runtime.current(), ptr, span, owner)
        view = DeviceNDArray(shape, strides, dtype, stream, mem, 0)
    else:
        alloc, offset = found
        view = DeviceNDArray(shape, strides, dtype, stream, alloc, offset)
    view._owner = owner
    view._readonly = bool(cai["data"][1])
    return view


def from_cuda_array_interface(desc, owner=None, sync=True):
    """A DeviceNDArray over the memory a ``__cuda_array_interface__``
    dictionary describes (no copy), keeping `owner` alive, as numba-cuda's:
    its ``stream``, if any, becomes the array's (an external stream) and,
    with `sync` (and ``cuda.config.CUDA_ARRAY_INTERFACE_SYNC``), is
    synchronised first; a ``mask`` raises ``NotImplementedError``."""
    return _from_interface(owner, desc, sync)


def as_cuda_array(obj, sync=True):
    """A DeviceNDArray over an object's ``__cuda_array_interface__``
    (no copy; see :func:`from_cuda_array_interface` for `sync`)."""
    view = _device_view(obj, sync)
    if view is None:
        raise TypeError("the object does not have a __cuda_array_interface__")
    return view


def is_cuda_array(obj) -> bool:
    """True for objects that expose ``__cuda_array_interface__``."""
    return hasattr(obj, "__cuda_array_interface__")


def to_device(obj, stream=0, copy=True, to=None):
    """Copies a NumPy array (or anything ``np.asarray`` takes) to the device
    and returns the DeviceNDArray; with ``to``, copies into that device
    array instead. A broadcast array (strides of 0) of a contiguous core
    stays broadcast, as in numba-cuda (only the core is in device memory;
    the device array's layout is ``A``); any other non-contiguous array is
    copied contiguous (numba-cuda refuses it)."""
    if to is not None:
        to.copy_to_device(obj, stream=stream)
        return to
    if isinstance(obj, DeviceNDArray):
        return obj
    ary = np.asarray(obj)
    if not (ary.flags.c_contiguous or ary.flags.f_contiguous or _contiguous_core(ary)):
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
    """A device array with the shape and dtype of `ary` (a NumPy or device
    array), contiguous in its order (see :func:`strides_like`)."""
    return device_array(ary.shape, ary.dtype, strides_like(ary), order_like(ary), stream)


def strides_like(ary):
    """Strides of a new contiguous array of `ary`'s shape whose axes run in
    the order of `ary`'s strides, or None when `ary` is C- or F-contiguous
    (the order of :func:`order_like` does) — Numba's
    ``_contiguous_strides_like_array``, after NumPy's ``empty_like``."""
    if ary.flags["C_CONTIGUOUS"] or ary.flags["F_CONTIGUOUS"] or ary.ndim <= 1:
        return None
    perm = sorted(range(ary.ndim), key=lambda i: ary.strides[i])
    strides = [0] * ary.ndim
    stride = ary.dtype.itemsize
    for i in perm:
        strides[i] = stride
        stride *= ary.shape[i]
    return tuple(strides)


def order_like(ary) -> str:
    """``"F"`` for an F- but not C-contiguous array, else ``"C"``."""
    return "F" if ary.flags["F_CONTIGUOUS"] and not ary.flags["C_CONTIGUOUS"] else "C"


errmsg_contiguous_buffer = (
    "Array contains non-contiguous buffer and cannot be transferred as a single memory region. "
    "Please ensure contiguous buffer with numpy .ascontiguousarray()"
)


def auto_device(obj, stream=0, copy=True, user_explicit=False):
    """``(device array, copied)`` for `obj`, as Numba's ``auto_device``:
    device memory (a DeviceNDArray or any ``__cuda_array_interface__``) as
    it is, ``copied`` False; a NumPy record (``np.void``) a
    :class:`DeviceRecord`; anything else becomes a NumPy array, which
    must be contiguous once broadcast axes are dropped (else Numba's
    ``ValueError``), and a device array like it, filled from it when
    `copy`, ``copied`` True."""
    dev = _device_view(obj)
    if dev is not None:
        return dev, False
    if isinstance(obj, np.void):
        rec = from_record_like(obj, stream)
        if copy:
            rec.copy_to_device(obj, stream=stream)
        return rec, True
    ary = np.asarray(obj)
    sentry_contiguous(ary)
    out = DeviceNDArray(ary.shape, ary.strides, ary.dtype, stream)
    if copy:
        out.copy_to_device(ary, stream=stream)
    return out, True
