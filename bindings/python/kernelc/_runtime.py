"""Devices, memory, loaded modules, launches, streams and events over
libkernelc's device API.

Which device: ``KERNELC_DEVICE`` = ``auto`` (default: the GPUs when one is
usable, else the CPU device), ``gpu`` or ``cpu``. The CPU device uses all
cores unless ``KERNELC_CPU_WORKERS`` says how many; ``KERNELC_CHECK=1``
turns on its run-time checking (shared-memory races, divergent barriers,
out-of-bounds shared/local accesses).
"""

from __future__ import annotations

import bisect
import collections
import contextlib
import ctypes
import enum
import os
import threading
import weakref
from ctypes import byref, c_bool, c_char_p, c_float, c_size_t, c_uint64, c_void_p

import numpy as np

from . import _device_api as api
from . import _interrupt
from ._lib import DTYPE_CODES, KC, check, lib
from ._linkable import ptx_of
from ._source import fix_locations
from .errors import CudaDriverError, CudaSupportError, KernelcError, LaunchError

MemoryInfo = collections.namedtuple("MemoryInfo", ["free", "total"])

_lock = threading.RLock()
_devices = None  # list of Device
_current = 0
_forked_from_gpu = False  # this process is a fork of one that opened a GPU
# Changes whenever the current device may change (select, close, fork):
# launch plans (``_launch``) made under another value are not used.
generation = 0


def _after_fork_in_child():
    """A forked child inherits the parent's devices. The CPU device is
    plain memory and threads started per launch: the child goes on using
    its copy. A GPU context does not survive fork (NVIDIA's driver), so
    the child refuses it with a clear error instead of hanging or
    crashing in the driver, as Numba does."""
    global _lock, _forked_from_gpu, generation
    _lock = threading.RLock()  # the parent may have held it
    generation += 1
    if _devices is not None and any(not d.is_cpu for d in _devices):
        _forked_from_gpu = True


os.register_at_fork(after_in_child=_after_fork_in_child)


# -- device selection -------------------------------------------------------------


def _mode() -> str:
    mode = os.environ.get("KERNELC_DEVICE", "auto").strip().lower() or "auto"
    if mode not in ("auto", "cpu", "gpu"):
        raise CudaSupportError(f"KERNELC_DEVICE is {mode!r}; use auto, cpu or gpu")
    return mode


def _gpu_count() -> int:
    n = c_size_t()
    check(lib.kc_device_count(api.KC_DEVICE_GPU, byref(n)), "kc_device_count")
    return n.value


def device_list():
    """The devices kernels run on: the GPUs (``auto`` with a GPU, or
    ``gpu``), or the CPU device."""
    global _devices
    if _forked_from_gpu:
        raise CudaDriverError(
            "CUDA initialized before forking: a forked child cannot use "
            "the parent's GPU; start workers with multiprocessing's 'spawn' (or 'forkserver') "
            "method"
        )
    with _lock:
        if _devices is None:
            mode = _mode()
            gpus = _gpu_count() if mode in ("auto", "gpu") else 0
            if mode == "gpu" and gpus == 0:
                # Let the library say why there is no GPU.
                Device(0, api.KC_DEVICE_GPU, 0)
                raise CudaSupportError("KERNELC_DEVICE=gpu but no GPU is usable")
            if gpus:
                _devices = [Device(i, api.KC_DEVICE_GPU, i) for i in range(gpus)]
            else:
                _devices = [Device(0, api.KC_DEVICE_CPU, 0)]
        return _devices


def gpu_available() -> bool:
    try:
        return not device_list()[0].is_cpu
    except KernelcError:
        return False


def current() -> "Device":
    devices = device_list()
    return devices[_current]


def current_index() -> int:
    return _current


def select(index: int) -> None:
    global _current, generation
    devices = device_list()
    if not 0 <= index < len(devices):
        raise CudaSupportError(f"device {index} does not exist ({len(devices)} device(s))")
    if index != _current:
        _current = index
        generation += 1


def close() -> None:
    """Forgets the open devices (they are reopened on next use; memory
    still referenced keeps its device alive)."""
    global _devices, _current, generation
    with _lock:
        _devices = None
        _current = 0
        generation += 1



def target_arch() -> str:
    """The ``sm_XX`` to compile for: the current device's (sm_80 when no
    device can be opened)."""
    try:
        return current().arch
    except KernelcError:
        return "sm_80"


# -- memory ---------------------------------------------------------------------------

# Live allocations by device address (from kc_buffer_address), to map a
# `__cuda_array_interface__` pointer back to its buffer for copies.
_registry_lock = threading.Lock()
_starts = []  # sorted start addresses
_allocs = {}  # start -> weakref to Allocation


def _register(alloc):
    with _registry_lock:
        bisect.insort(_starts, alloc.ptr)
        _allocs[alloc.ptr] = weakref.ref(alloc)


def _unregister(ptr):
    with _registry_lock:
        i = bisect.bisect_left(_starts, ptr)
        if i < len(_starts) and _starts[i] == ptr:
            del _starts[i]
        _allocs.pop(ptr, None)


def lookup(address: int):
    """(Allocation, byte offset) of a device address inside a live kernelc
    allocation, or None."""
    with _registry_lock:
        i = bisect.bisect_right(_starts, address) - 1
        if i < 0:
            return None
        ref = _allocs.get(_starts[i])
    alloc = ref() if ref else None
    if alloc is None or not alloc.ptr <= address < alloc.ptr + max(alloc.nbytes, 1):
        return None
    return alloc, address - alloc.ptr


class Allocation:
    """A ``kc_buffer``: device memory, freed when no array uses it. ``ptr``
    is its real device address (``kc_buffer_address``). With `host_visible`
    (``api.KC_HOST_MEMORY_MAPPED`` or ``_MANAGED``), memory the host reaches
    too (``kc_buffer_alloc_host_visible``), at host address ``host_ptr``
    (else None)."""

    def __init__(self, device, nbytes, host_visible=None):
        self.device = device
        self.nbytes = nbytes
        handle = c_void_p()
        if host_visible is None:
            check(lib.kc_buffer_alloc(device.handle, nbytes, byref(handle)), "kc_buffer_alloc")
        else:
            check(lib.kc_buffer_alloc_host_visible(device.handle, nbytes, host_visible,
                                                   byref(handle)),
                  "kc_buffer_alloc_host_visible")
        self.handle = handle
        addr = c_uint64()
        status = lib.kc_buffer_address(handle, byref(addr))
        host = c_void_p()
        if status == KC.OK and host_visible is not None:
            status = lib.kc_buffer_host_pointer(handle, byref(host))
        if status != KC.OK:
            lib.kc_buffer_free(handle)
            check(status, "kc_buffer_address")
        self.ptr = addr.value
        self.host_ptr = host.value if host_visible is not None else None
        _register(self)
        self._finalizer = weakref.finalize(self, _free_buffer, handle.value, self.ptr)

    # Device memory to numba-cuda's driver functions (`cuda.cudadrv.driver`),
    # as its `MemoryPointer` is (`ctx.memalloc(n)` returns an Allocation).
    __cuda_memory__ = True

    @property
    def size(self) -> int:
        return self.nbytes

    @property
    def device_ctypes_pointer(self):
        return c_void_p(self.ptr)

    # Numba's `MemoryPointer` names for the address (`int(ary.gpu_data.
    # device_pointer)` in numba-cuda's programs; it is the allocation's
    # first byte, as numba-cuda's is for an array that is not a view).
    @property
    def device_pointer(self) -> int:
        return self.ptr

    device_pointer_value = device_pointer


class ForeignMemory:
    """Device memory another library allocated (CuPy, PyTorch, ...), seen
    through its ``__cuda_array_interface__``: kernels take it by address
    (``KC_ARG_DEVICE_PTR``); kernelc cannot copy it (``handle`` is None).
    ``owner`` keeps the exporting object alive."""

    handle = None

    def __init__(self, device, ptr, nbytes, owner):
        self.device = device
        self.ptr = ptr
        self.nbytes = nbytes
        self.owner = owner


def _free_buffer(handle, ptr):
    _unregister(ptr)
    try:
        lib.kc_buffer_free(c_void_p(handle))
    except Exception:  # interpreter shutdown
        pass


def _stream_handle(stream):
    """The ``kc_stream`` of a stream argument (None: the default stream);
    see :func:`as_stream` for what is taken."""
    stream = as_stream(stream)
    if not stream:
        return None
    return stream._handle


def is_stream(obj) -> bool:
    """True for a stream object: kernelc's, or another library's with the
    ``__cuda_stream__`` protocol (cuda.core's, numba-cuda's)."""
    return isinstance(obj, Stream) or hasattr(obj, "__cuda_stream__")


# kernelc's wrappers of other libraries' streams, one per (device, handle),
# so that the `kc_stream` a call is given outlives the call (the foreign
# stream is never destroyed by kernelc; see `as_stream`).
_foreign_streams = {}
_foreign_streams_lock = threading.Lock()


def as_stream(stream):
    """A stream argument as kernelc's: 0 / None (the default stream) and
    kernelc's streams as they are; an object with ``__cuda_stream__``
    (cuda.core's ``Stream``, as numba-cuda takes it) as kernelc's external
    stream of its handle on the current device (0 for a handle of 0).
    ``TypeError`` for anything else."""
    if not stream or isinstance(stream, Stream):
        return stream
    protocol = getattr(stream, "__cuda_stream__", None)
    if protocol is None:
        raise TypeError(f"not a kernelc stream (nor an object with __cuda_stream__): {stream!r}")
    version, ptr = protocol()
    if version != 0:
        raise TypeError(f"unsupported __cuda_stream__ version {version} of {stream!r}")
    ptr = int(ptr)
    if ptr == 0:
        return 0
    device = current()
    key = (device.id, ptr)
    with _foreign_streams_lock:
        wrapper = _foreign_streams.get(key)
        if wrapper is None or wrapper.device is not device:
            wrapper = _foreign_streams[key] = device.create_external_stream(ptr)
    return wrapper


def _resolve(address, nbytes):
    found = lookup(address)
    if found is None:
        raise KernelcError(
            f"device address 0x{address:x} is not in memory allocated by kernelc: kernels "
            "can take such memory, but copies to and from it must go through the library "
            "that allocated it"
        )
    alloc, offset = found
    if offset + nbytes > alloc.nbytes:
        raise KernelcError(f"{nbytes} bytes at 0x{address:x} overrun a {alloc.nbytes}-byte allocation")
    return alloc, offset


# -- devices --------------------------------------------------------------------------


class Device:
    """An open device. ``name``, ``id``, ``compute_capability``,
    ``is_cpu`` and some of Numba's device attributes."""

    def __init__(self, index, kind, ordinal):
        opts = c_void_p()
        check(lib.kc_device_options_new(byref(opts)), "kc_device_options_new")
        try:
            workers = int(os.environ.get("KERNELC_CPU_WORKERS", "0") or 0)
            if kind != api.KC_DEVICE_GPU and workers:
                check(lib.kc_device_options_set_workers(opts, workers), "kc_device_options_set_workers")
            if os.environ.get("KERNELC_CHECK", "") not in ("", "0"):
                check(lib.kc_device_options_set_check(opts, True), "kc_device_options_set_check")
            if ordinal:
                check(lib.kc_device_options_set_ordinal(opts, ordinal), "kc_device_options_set_ordinal")
            handle = c_void_p()
            check(lib.kc_device_open(kind, opts, byref(handle)), "kc_device_open")
        finally:
            lib.kc_device_options_free(opts)
        self.handle = handle
        self._finalizer = weakref.finalize(self, lib.kc_device_free, c_void_p(handle.value))
        props = api.kc_device_properties()
        check(lib.kc_device_get_properties(handle, byref(props)), "kc_device_get_properties")
        self.id = index
        self.key = (index, handle.value)
        self.is_cpu = props.kind == api.KC_DEVICE_CPU
        self.name = props.name.decode("utf-8", "replace")
        self.arch = f"sm_{props.arch}"
        self.compute_capability = (props.arch // 10, props.arch % 10)
        self.MAX_THREADS_PER_BLOCK = props.max_threads_per_block
        self.MAX_BLOCK_DIM_X, self.MAX_BLOCK_DIM_Y, self.MAX_BLOCK_DIM_Z = props.max_block_dim
        self.MAX_GRID_DIM_X, self.MAX_GRID_DIM_Y, self.MAX_GRID_DIM_Z = props.max_grid_dim
        self.MAX_SHARED_MEMORY_PER_BLOCK = props.max_shared_bytes_per_block
        self.WARP_SIZE = props.warp_size
        self.workers = props.workers
        self.MULTIPROCESSOR_COUNT = props.workers or 1
        # numba-cuda's (compute capability 5.3 or later there): kernelc
        # computes float16 in float32 on every target.
        self.supports_float16 = True

    def __repr__(self):
        return f"<kernelc device {self.id} '{self.name}'>"

    @property
    def uuid(self):
        return f"kernelc-{'cpu' if self.is_cpu else 'gpu'}-{self.id}"

    # -- memory
    def alloc(self, nbytes: int) -> Allocation:
        return Allocation(self, int(nbytes))

    def alloc_host_visible(self, nbytes: int, kind: int) -> Allocation:
        """Memory the host and kernels both reach (see :class:`Allocation`)."""
        return Allocation(self, int(nbytes), kind)

    def htod(self, dst: int, src_host: int, nbytes: int, stream=0):
        if nbytes == 0:
            return
        alloc, offset = _resolve(dst, nbytes)
        check(lib.kc_buffer_write(alloc.handle, offset, c_void_p(src_host), nbytes,
                                  _stream_handle(stream)), "kc_buffer_write")

    def dtoh(self, dst_host: int, src: int, nbytes: int, stream=0):
        if nbytes == 0:
            return
        alloc, offset = _resolve(src, nbytes)
        check(lib.kc_buffer_read(alloc.handle, offset, c_void_p(dst_host), nbytes,
                                 _stream_handle(stream)), "kc_buffer_read")

    def dtod(self, dst: int, src: int, nbytes: int, stream=0):
        if nbytes == 0:
            return
        d_alloc, d_off = _resolve(dst, nbytes)
        s_alloc, s_off = _resolve(src, nbytes)
        check(lib.kc_buffer_copy(d_alloc.handle, d_off, s_alloc.handle, s_off, nbytes,
                                 _stream_handle(stream)), "kc_buffer_copy")

    def memset(self, dst: int, value: int, nbytes: int, stream=0):
        """Sets `nbytes` bytes from device address `dst` to the byte `value`
        (``kc_buffer_fill``), in order on `stream`."""
        if nbytes == 0:
            return
        alloc, offset = _resolve(dst, nbytes)
        check(lib.kc_buffer_fill(alloc.handle, offset, int(value) & 0xFF, nbytes,
                                 _stream_handle(stream)), "kc_buffer_fill")

    def memory_info(self):
        """(free, total) bytes (``kc_device_memory_info``: the host's memory
        on the CPU device, the driver's ``cuMemGetInfo`` on a GPU)."""
        free, total = c_uint64(), c_uint64()
        check(lib.kc_device_memory_info(self.handle, byref(free), byref(total)),
              "kc_device_memory_info")
        return MemoryInfo(free.value, total.value)

    def set_launch_timeout(self, seconds):
        """Limits each later launch on the CPU device to ``seconds`` (None or
        0: no limit); a longer one is stopped and raises ``LaunchTimeout``.
        A GPU accepts only None or 0 (its kernels cannot be stopped)."""
        value = 0.0 if seconds is None else float(seconds)
        check(lib.kc_device_set_timeout(self.handle, value), "kc_device_set_timeout")

    # -- modules and launches
    def load(self, compiled, link=()) -> "LoadedModule":
        """`compiled` loaded here, linked with the files `link` (PTX)."""
        return LoadedModule(self, compiled, link)

    def launch(self, loaded, overload, args, griddim, blockdim, stream, sharedmem):
        marshal = overload.__dict__.get("_marshal")
        if marshal is None:
            marshal = overload._marshal = _Marshal(overload)
        marshal.launch(loaded, args, griddim, blockdim, stream, sharedmem)

    # `griddim`/`blockdim` arrive as `kc_dim3` (see `dim3`).

    # -- synchronisation, streams, events
    def synchronize(self):
        check(lib.kc_device_synchronize(self.handle), "kc_device_synchronize")
        for s in list(_live_streams):
            s._pending.clear()

    def create_stream(self) -> "Stream":
        return Stream(self)

    def default_stream(self) -> "Stream":
        return Stream(self, default=True)

    def create_external_stream(self, ptr: int) -> "Stream":
        """A stream of `ptr`, a foreign stream handle (see :class:`Stream`);
        0 is the default stream."""
        if not isinstance(ptr, int):
            raise TypeError("ptr for external stream must be an int")
        if not 0 <= ptr < 2**64:
            raise ValueError(f"ptr for external stream must be a 64-bit handle, not {ptr}")
        if ptr == 0:
            return self.default_stream()
        return Stream(self, external=ptr)

    def create_event(self, timing=True) -> "Event":
        return Event(self, timing)

    def get_primary_context(self):
        return self

    def reset(self):
        pass


class LoadedModule:
    """A compiled module loaded on a device (``kc_loaded_module``)."""

    def __init__(self, device, compiled, link=()):
        handle = c_void_p()
        if link:
            texts = [ptx_of(item, compiled.options.arch) for item in link]
            array = (c_char_p * len(texts))(*texts)
            check(
                lib.kc_module_load_linked(
                    compiled.handle, device.handle, array, len(texts), byref(handle)
                ),
                "kc_module_load_linked",
            )
        else:
            check(lib.kc_module_load(compiled.handle, device.handle, byref(handle)),
                  "kc_module_load")
        self.handle = handle
        self.device = device
        self._finalizer = weakref.finalize(self, lib.kc_loaded_module_free, c_void_p(handle.value))

    def cooperative(self, kernel: str) -> bool:
        """Whether ``kernel`` needs a cooperative launch (it uses
        ``cuda.cg.this_grid()``); ``kc_launch`` then makes one."""
        out = c_bool()
        check(
            lib.kc_loaded_module_kernel_cooperative(self.handle, kernel.encode(), byref(out)),
            "kc_loaded_module_kernel_cooperative",
        )
        return bool(out.value)

    def kernel_attributes(self, kernel: str):
        """``kernel``'s resources on this device (``kc_kernel_attributes``)."""
        out = api.kc_kernel_attributes()
        check(
            lib.kc_loaded_module_kernel_attributes(self.handle, kernel.encode(), byref(out)),
            "kc_loaded_module_kernel_attributes",
        )
        return out

    def set_shared_memory_carveout(self, kernel: str, percent: int):
        """Sets ``kernel``'s preferred shared memory carveout (-1 to 100)."""
        check(
            lib.kc_loaded_module_set_shared_memory_carveout(self.handle, kernel.encode(), percent),
            "kc_loaded_module_set_shared_memory_carveout",
        )

    def max_cooperative_blocks(self, kernel: str, block_threads: int, dynamic_shared: int) -> int:
        """How many blocks a cooperative launch of ``kernel`` may have."""
        out = c_uint64()
        check(
            lib.kc_loaded_module_max_cooperative_blocks(
                self.handle, kernel.encode(), block_threads, dynamic_shared, byref(out)
            ),
            "kc_loaded_module_max_cooperative_blocks",
        )
        return int(out.value)


# -- launching ----------------------------------------------------------------------------


def dim3(dims):
    """A 3-tuple of extents as a ``kc_dim3``."""
    return api.kc_dim3(*dims)


_I64_MAX = 2**63 - 1


def _np_scalar_table():
    table = {}
    for name, code in DTYPE_CODES.items():
        t = np.dtype(name).type
        if name.startswith("complex"):
            table[t] = (code, "c", lambda z: (z.real, z.imag))
            continue
        field = "f" if name.startswith(("float", "bfloat")) else "u" if name.startswith("uint") else "i"
        conv = float if field == "f" else int
        table[t] = (code, field, conv)
    # NumPy's C-named scalar classes that are not the classes of the sized
    # names (np.longlong and np.ulonglong beside np.int64 and np.uint64 on
    # Linux): the sized type of the same dtype.
    for t in (np.byte, np.ubyte, np.short, np.ushort, np.intc, np.uintc,
              np.int_, np.uint, np.longlong, np.ulonglong):
        if t not in table and np.dtype(t).name in DTYPE_CODES:
            table[t] = table[np.dtype(np.dtype(t).name).type]
    return table


_SCALAR_TYPES = _np_scalar_table()
_BOOL, _I64, _U64, _F64, _C128 = (
    DTYPE_CODES[n] for n in ("bool", "int64", "uint64", "float64", "complex128")
)


def _scalar(slot, value):
    """Fills a KC_ARG_SCALAR slot from a Python or NumPy scalar."""
    slot.kind = api.KC_ARG_SCALAR
    t = type(value)
    if t is float:
        slot.dtype = _F64
        slot.value.f = value
    elif t is int:
        if value > _I64_MAX:
            slot.dtype = _U64
            slot.value.u = value
        else:
            slot.dtype = _I64
            slot.value.i = value
    elif t is bool:
        slot.dtype = _BOOL
        slot.value.i = 1 if value else 0
    elif t is complex:
        slot.dtype = _C128
        slot.value.c[:] = (value.real, value.imag)
    else:
        entry = _SCALAR_TYPES.get(t)
        if entry is not None:
            code, field, conv = entry
            slot.dtype = code
            setattr(slot.value, field, conv(value))
        elif isinstance(value, enum.Enum) and not isinstance(value, int):
            _scalar(slot, value.value)  # an Enum member is its value
        elif isinstance(value, (int, float)):  # subclasses (IntEnum...)
            _scalar(slot, int(value) if isinstance(value, int) else float(value))
        elif isinstance(value, complex):
            _scalar(slot, complex(value))
        else:
            raise TypeError(f"a scalar parameter got {type(value).__name__}")


def _span(shape, strides, itemsize):
    """(bytes from the lowest element up to the first, bytes from the lowest
    element to the end of the highest): the memory an array touches."""
    if any(d == 0 for d in shape):
        return 0, 0
    lo = hi = 0
    for d, s in zip(shape, strides):
        if s < 0:
            lo -= (d - 1) * s
        else:
            hi += (d - 1) * s
    return lo, lo + hi + itemsize


_CODE_BY_DTYPE = {np.dtype(name): code for name, code in DTYPE_CODES.items()}


def _array_fields(slot, dtype, shape, strides):
    """dtype, ndim, shape and the array's own strides (flags 0: strides
    as given, so zero strides broadcast and negative ones reverse)."""
    code = _CODE_BY_DTYPE.get(dtype)
    if code is None and dtype.names is not None:
        code = KC.DTYPE_RECORD
        slot.value.u = dtype.itemsize
    if code is None:
        raise TypeError(f"kernels cannot take arrays of dtype {dtype}")
    slot.dtype = code
    n = len(shape)
    slot.ndim = n
    slot.flags = 0
    pad = (0,) * (api.KC_MAX_NDIM - n)
    slot.shape[:] = tuple(shape) + pad
    slot.strides[:] = tuple(strides) + pad


def buffer_arg(dev):
    """The ``kc_arg`` of a device array: its ``kc_buffer`` and offset when
    kernelc allocated it, else its device address (``KC_ARG_DEVICE_PTR``)."""
    slot = api.kc_arg()
    mem = dev.gpu_data
    if mem.handle is not None:
        slot.kind = api.KC_ARG_BUFFER
        slot.buffer = mem.handle
        slot.offset = dev._ptr - mem.ptr
    else:
        slot.kind = api.KC_ARG_DEVICE_PTR
        slot.address = dev._ptr
    _array_fields(slot, dev.dtype, dev.shape, dev.strides)
    return slot


_SLOT = ctypes.sizeof(api.kc_arg)


def device_arg_image(dev) -> bytes:
    """A device array's ``kc_arg`` (:func:`buffer_arg`) as bytes, made once
    per array (device arrays do not change) and kept in ``dev._kc_arg``;
    launches copy it into their ``kc_arg`` array."""
    image = dev._kc_arg
    if image is None:
        image = dev._kc_arg = bytes(buffer_arg(dev))
    return image


def _needs_copy(a: np.ndarray) -> bool:
    """Host arrays the C API cannot take as they are: misaligned or
    non-native-order data (any strides, negative and zero too, are fine)."""
    return not a.flags.aligned or a.dtype.byteorder == ">"


def _read_only(i, name, what):
    """The error for a read-only array the kernel may write: raised before
    the launch, so the array is never written (Numba's simulator fails
    the same way, after the launch, when it copies into the array)."""
    return ValueError(
        f"argument {i} ('{name}'): the kernel may write this array, but it is a "
        f"read-only {what}; pass a writeable array, e.g. a copy"
    )


class _Marshal:
    """Per-specialisation launch state: the reusable ``kc_arg`` array and
    what each parameter needs."""

    def __init__(self, overload):
        self.params = overload.params
        self.n = len(self.params)
        self.argv = (api.kc_arg * max(self.n, 1))()
        self.mv = memoryview(self.argv).cast("B")
        self.name = overload.compiled.kernel_name.encode()
        self.view = overload.compiled.view
        self.lock = threading.Lock()
        self.kinds = [p.kind for p in self.params]
        self.written = [p.written for p in self.params]
        self.kc_launch = lib.kc_launch

    def fail(self, status):
        """Raises the failed launch's error, its ``file.py:LINE`` (a fault on
        the CPU device names the kernel's source line) in the user's
        coordinates."""
        check(status, "kc_launch", lambda message: fix_locations(message, self.view),
              self.view.exceptions)

    def launch(self, loaded, args, griddim, blockdim, stream, sharedmem):
        from ._devicearray import DeviceNDArray, _device_view
        from ._hostvisible import device_view as host_visible_view

        mv = self.mv
        with self.lock:
            argv = self.argv
            writeback = None
            keep = []
            for i, a in enumerate(args):
                slot = argv[i]
                kind = self.kinds[i]
                if kind == KC.PARAM_SCALAR:
                    _scalar(slot, a)
                    continue
                if kind != KC.PARAM_ARRAY:
                    raise LaunchError(
                        f"argument {i}: tuple arguments cannot be passed through libkernelc yet"
                    )
                if isinstance(a, np.void):
                    # A record argument (Numba's `Record`): one record, by
                    # reference, as a 0-D array; what the kernel writes is
                    # copied back into the record (a view of its array).
                    host = np.array(a)
                    if self.written[i]:
                        writeback = writeback or []
                        writeback.append((a, host))
                    a = host
                if type(a) is not np.ndarray and isinstance(a, np.ndarray):
                    # A mapped or managed array: passed as device memory.
                    a = host_visible_view(a) or a
                if type(a) is np.ndarray or isinstance(a, np.ndarray):
                    if self.written[i] and not a.flags.writeable:
                        raise _read_only(
                            i, self.params[i].name, "NumPy array (flags.writeable is False)"
                        )
                    host = a
                    if _needs_copy(a):
                        # (`np.require` keeps a 0-d array 0-d.)
                        host = np.require(a, dtype=a.dtype.newbyteorder("="), requirements="C")
                        if self.written[i]:
                            writeback = writeback or []
                            writeback.append((a, host))
                    keep.append(host)
                    slot.kind = api.KC_ARG_HOST
                    slot.buffer = None
                    slot.offset = 0
                    slot.address = 0
                    slot.host = host.ctypes.data
                    slot.host_bytes = _span(host.shape, host.strides, host.itemsize)[1]
                    _array_fields(slot, host.dtype, host.shape, host.strides)
                    continue
                dev = a if isinstance(a, DeviceNDArray) else _device_view(a)
                if dev is None:
                    raise TypeError(
                        f"argument {i} ('{self.params[i].name}'): an array parameter got "
                        f"{type(a).__name__}; pass a NumPy array, a device array or an object "
                        "with __cuda_array_interface__"
                    )
                if self.written[i] and dev._readonly:
                    raise _read_only(
                        i, self.params[i].name, "device array (its __cuda_array_interface__ says so)"
                    )
                mv[i * _SLOT:(i + 1) * _SLOT] = device_arg_image(dev)
            launch_args = (loaded.handle, self.name, griddim, blockdim,
                           sharedmem, _stream_handle(stream), argv, len(args))
            if loaded.device.is_cpu:
                # Ctrl-C stops the launch (see _interrupt).
                status = _interrupt.call(loaded.device, self.kc_launch, *launch_args)
            else:
                status = self.kc_launch(*launch_args)
            if status != KC.OK:
                self.fail(status)
            if writeback:
                for orig, tmp in writeback:
                    if isinstance(orig, np.void):
                        for field in orig.dtype.names:
                            orig[field] = tmp[field]
                    else:
                        orig[...] = tmp


# -- streams and events --------------------------------------------------------------------

_live_streams = weakref.WeakSet()


class Stream:
    """A stream (``cuda.stream()``). Work on it runs in order;
    ``synchronize()`` waits for it.

    ``handle`` (and ``int(stream)``) is the number that names it outside
    kernelc (``kc_stream_handle``): the driver's ``CUstream`` on a GPU, for
    other libraries and ``__cuda_array_interface__``; on the CPU device the
    number it was wrapped from, else the ``kc_stream``'s address.

    An *external* stream (``cuda.external_stream(ptr)``, ``external`` the
    foreign handle) is another library's stream, used through
    ``kc_stream_wrap``: launches and copies go on it and ``synchronize``
    waits for it, but kernelc does not own it and never destroys it. The
    CPU device has no driver streams: there the handle only names the
    stream, and work on it is done when each call returns, as on every
    stream of the CPU device."""

    def __init__(self, device, default=False, external=None):
        self.device = device
        self._pending = []
        self.external = external is not None
        if default:
            self._handle = None
            self._finalizer = None
            self._number = 0
        else:
            h = c_void_p()
            if external is None:
                check(lib.kc_stream_new(device.handle, byref(h)), "kc_stream_new")
            else:
                check(lib.kc_stream_wrap(device.handle, external, byref(h)), "kc_stream_wrap")
            self._handle = h
            self._finalizer = weakref.finalize(self, lib.kc_stream_free, c_void_p(h.value))
            number = c_uint64()
            check(lib.kc_stream_handle(h, byref(number)), "kc_stream_handle")
            self._number = number.value
        _live_streams.add(self)

    def __bool__(self):
        return self._handle is not None

    @property
    def handle(self):
        return self._number

    def __int__(self):
        return self.handle

    def __cuda_stream__(self):
        """The stream protocol (cuda.core's): ``(0, handle)``."""
        return (0, self.handle)

    def __repr__(self):
        what = "external stream" if self.external else "stream"
        return f"<kernelc {what} 0x{self.handle:x} on {self.device.name}>"

    def synchronize(self):
        if self._handle is not None:
            check(lib.kc_stream_synchronize(self._handle), "kc_stream_synchronize")
        else:
            self.device.synchronize()
        self._pending.clear()

    @contextlib.contextmanager
    def auto_synchronize(self):
        yield self
        self.synchronize()

    def add_callback(self, callback, arg=None):
        """Calls ``callback(stream, status, arg)`` once the work submitted
        to this stream so far is done, as numba-cuda's (``status`` is 0, or
        the failed wait's ``kc_status``). It runs on another thread, as the
        driver's callbacks do: an event recorded now is waited for there."""
        event = Event(self.device, timing=False)
        event.record(self)

        def wait():
            status = lib.kc_event_synchronize(event._handle)
            callback(self, status, arg)

        threading.Thread(target=wait, name="kernelc stream callback", daemon=True).start()

    def async_done(self):
        """An ``asyncio`` future of the running loop, resolved to this
        stream once the work submitted to it so far is done (an exception
        if the wait fails), as numba-cuda's. Cancelling it is harmless."""
        import asyncio

        loop = asyncio.get_running_loop()
        future = loop.create_future()

        def resolve(future, status):
            if future.done():
                return
            if status == KC.OK:
                future.set_result(self)
            else:
                future.set_exception(KernelcError(f"Stream error {status}"))

        def callback(stream, status, future):
            try:
                loop.call_soon_threadsafe(resolve, future, status)
            except RuntimeError:  # the loop was closed: nobody awaits it
                pass

        self.add_callback(callback, future)
        return future


class Event:
    """An event (``cuda.event()``): ``record``, ``synchronize``, ``wait``,
    ``query``, ``elapsed_time``."""

    def __init__(self, device, timing=True):
        self.device = device
        h = c_void_p()
        check(lib.kc_event_new(device.handle, byref(h)), "kc_event_new")
        self._handle = h
        self._finalizer = weakref.finalize(self, lib.kc_event_free, c_void_p(h.value))

    def record(self, stream=0):
        check(lib.kc_event_record(self._handle, _stream_handle(stream)), "kc_event_record")

    def synchronize(self):
        check(lib.kc_event_synchronize(self._handle), "kc_event_synchronize")

    def wait(self, stream=0):
        # Numba: make `stream` wait for this event. With in-order streams
        # per device, waiting on the host is a correct (if coarse) stand-in.
        self.synchronize()

    def query(self) -> bool:
        done = c_bool()
        check(lib.kc_event_query(self._handle, byref(done)), "kc_event_query")
        return bool(done.value)

    def elapsed_time(self, evtend) -> float:
        ms = c_float()
        check(lib.kc_event_elapsed_ms(self._handle, evtend._handle, byref(ms)), "kc_event_elapsed_ms")
        return float(ms.value)
