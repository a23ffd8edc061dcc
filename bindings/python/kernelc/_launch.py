"""Launch plans: the fast path of ``kernel[grid, block](args)``.

The general launch (``_dispatcher._LaunchConfig._launch_general``) types
every argument, picks the overload (Numba's choice), finds the module
loaded on the current device and fills the ``kc_arg`` array field by
field, checking each argument. Once such a launch has succeeded, the
dispatcher keeps a :class:`LaunchPlan` for the arguments' Python types
(the key is ``tuple(map(type, args))``): the overload's loaded module, a
``kc_arg`` array of its own, and one function, generated for these
argument types, that checks each argument is still of the kernel type the
plan was made for (same dtype, rank and layout for arrays; an ``int``
within int64), writes its ``kc_arg`` (one ``struct.pack_into``, or one
copy of a device array's cached ``kc_arg``) and calls ``kc_launch``.

Anything the plan cannot vouch for makes it step aside before anything is
written or launched (the function returns False): another dtype, rank or
layout, an ``int`` beyond int64 (typed uint64), a read-only array the
kernel may write, a misaligned or byte-swapped host array, or a change of
the current device (``_runtime.generation``). The general path then
handles the launch, with its errors and copies, and makes a new plan,
kept beside the earlier ones (up to eight per tuple of Python types: arrays
of several dtypes may take turns), unless an argument is one a plan would
refuse (then no plan is made, and such launches always go the general way)
or 32 plans were made for these Python types already (making one costs
about 0.25 ms, mostly compiling its function; see ``_dispatcher``).

Plans are made only for plain arguments: Python and NumPy scalars, device
arrays (``DeviceNDArray``) and NumPy arrays (exactly ``np.ndarray``).
Tuples, ``cuda.In/Out/InOut``, objects with ``__cuda_array_interface__``
and anything else always take the general path.

The generated function is plain Python (``plan.source`` shows it): one
function without loops or per-argument calls costs less than half of a
loop over per-argument closures (about 90 against 200 ns per device
array). What it writes is what the general path (``_runtime._Marshal``)
writes for the same arguments; ``tests/test_launch_plans.py`` compares
the two byte for byte.
"""

from __future__ import annotations

import ctypes
import struct
import threading

import numpy as np

from . import _device_api as api
from . import _interrupt, _lib, _runtime
from ._devicearray import DeviceNDArray
from ._lib import KC

__all__ = ["LaunchPlan", "make_plan", "direct_call"]

_SLOT = ctypes.sizeof(api.kc_arg)

# -- kc_arg images --------------------------------------------------------------------
# `struct` formats for a whole or the leading part of a `kc_arg` (native
# byte order, no implicit padding), checked against the ctypes layout.

_SCALAR_FORMATS = {"i": "=IIq", "u": "=IIQ", "f": "=IId", "c": "=IIdd"}


def _host_format(ndim):
    """kind, dtype, value (8 of its 16 bytes), buffer, offset, host,
    host_bytes, address, ndim, flags, shape[3], strides[3]."""
    pad = 8 * (3 - ndim)
    return f"=IIQ8xQQQQQII{ndim}q{pad}x{ndim}q{pad}x"


def _check_layout():
    f = api.kc_arg
    offsets = [f.kind.offset, f.dtype.offset, f.value.offset, f.buffer.offset, f.offset.offset,
               f.host.offset, f.host_bytes.offset, f.address.offset, f.ndim.offset,
               f.flags.offset, f.shape.offset, f.strides.offset]
    sizes = [struct.calcsize(_host_format(ndim)) for ndim in (1, 2, 3)]
    if offsets != [0, 4, 8, 24, 32, 40, 48, 56, 64, 68, 72, 96] or sizes != [_SLOT] * 3 or _SLOT != 120:
        raise ImportError(f"kc_arg layout {offsets} (size {_SLOT}) is not the one _launch packs")


_check_layout()
_PACK_SCALAR = {f"pack_{field}": struct.Struct(fmt).pack_into for field, fmt in _SCALAR_FORMATS.items()}
_PACK_HOST = {ndim: struct.Struct(_host_format(ndim)).pack_into for ndim in (1, 2, 3)}


# -- kc_launch without argtypes ------------------------------------------------------------
# ctypes converts each argument through its argtypes' `from_param` on every
# call: for kc_launch's eight, about 0.9 µs. Called without argtypes, it
# passes ctypes objects as they are (a structure by value, an array as a
# pointer), about 0.35 µs less. Plans make every argument the object the
# prototype's type would: c_void_p, bytes, kc_dim3, kc_dim3, c_uint32,
# `c_void_p.from_param` of the stream, the kc_arg array, c_size_t.

_KC_LAUNCH_TYPES = [ctypes.c_void_p, ctypes.c_char_p, api.kc_dim3, api.kc_dim3, ctypes.c_uint32,
                    ctypes.c_void_p, ctypes.POINTER(api.kc_arg), ctypes.c_size_t]
if api.PROTOTYPES["kc_launch"] != (ctypes.c_int, _KC_LAUNCH_TYPES):
    raise ImportError("kc_launch's prototype is not the one launch plans call it with")


def untyped_kc_launch():
    """A second ctypes function object for ``kc_launch``, without argtypes
    (see above)."""
    f = _lib._load()["kc_launch"]  # indexing makes a new function object
    f.restype = ctypes.c_int
    return f


def stream_arg(stream):
    """The stream argument of kc_launch, converted as its argtypes would."""
    return ctypes.c_void_p.from_param(_runtime._stream_handle(stream))


def host_address(a, flags) -> int:
    """The address of a NumPy array's first element: through the buffer
    protocol for a writeable, C-contiguous, non-empty array (a third of
    the cost of ``a.ctypes.data``), else ``a.ctypes.data``."""
    if flags.c_contiguous and flags.writeable and a.nbytes:
        return ctypes.addressof(ctypes.c_char.from_buffer(a))
    return a.ctypes.data


# -- code for one argument --------------------------------------------------------------
# Each returns (checks, writes): lines of the generated function, run
# before the plan's lock is taken (they may `return False`, and only read)
# and under it (they write the argument's kc_arg at byte offset `off` of
# `mv`, the plan's kc_arg array). `ns` collects the constants they name.
# The key already fixed the argument's Python type.


def _scalar_code(i, off, sample, ns):
    """A Python or NumPy scalar, as ``_runtime._scalar`` writes it."""
    a, pytype = f"a{i}", type(sample)
    ns.update(_PACK_SCALAR, _SCALAR=api.KC_ARG_SCALAR)
    if pytype is float:
        return [], [f"pack_f(mv, {off}, _SCALAR, {_runtime._F64}, {a})"]
    if pytype is bool:
        return [], [f"pack_i(mv, {off}, _SCALAR, {_runtime._BOOL}, 1 if {a} else 0)"]
    if pytype is int:
        # Beyond int64 a Python int is typed uint64 (or refused): the
        # general path decides, and no plan is made for such a sample.
        if not -(2**63) <= sample < 2**63:
            return None
        checks = [f"if not {-(2**63)} <= {a} <= {2**63 - 1}: return False"]
        return checks, [f"pack_i(mv, {off}, _SCALAR, {_runtime._I64}, {a})"]
    if pytype is complex:
        return [], [f"pack_c(mv, {off}, _SCALAR, {_runtime._C128}, {a}.real, {a}.imag)"]
    entry = _runtime._SCALAR_TYPES.get(pytype)
    if entry is None:
        return None
    code, field, conv = entry
    ns[f"conv{i}"] = conv
    star = "*" if field == "c" else ""
    return [], [f"pack_{field}(mv, {off}, _SCALAR, {code}, {star}conv{i}({a}))"]


def _device_code(i, off, sample, written, ns):
    """A device array of the sample's type (dtype, rank, layout; equal
    types are usually the same object, see ``_types.array_type``)."""
    if sample._kc_type is None:
        return None
    a, t = f"a{i}", f"T{i}"
    ns[t] = sample._kc_type
    ns["device_arg_image"] = _runtime.device_arg_image
    checks = [
        f"t = {a}._kc_type",
        f"if t is not {t} and t != {t}: return False",
    ]
    if written:
        checks.append(f"if {a}._readonly: return False")  # the general path refuses it
    checks += [
        f"image{i} = {a}._kc_arg",
        f"if image{i} is None: image{i} = device_arg_image({a})",
    ]
    return checks, [f"mv[{off}:{off + _SLOT}] = image{i}"]


def _host_code(i, off, sample, written, ns):
    """A NumPy array of the sample's dtype, rank and layout, aligned and in
    native byte order (others are copied by the general path), writeable
    when the kernel may write it."""
    dtype = sample.dtype
    code = _runtime._CODE_BY_DTYPE.get(dtype)
    record_size = 0
    if code is None and dtype.names is not None:
        code, record_size = KC.DTYPE_RECORD, dtype.itemsize
    ndim = sample.ndim
    if code is None or dtype.byteorder == ">" or not 1 <= ndim <= 3 or not sample.flags.aligned:
        return None  # the general path copies the array (or refuses it) each time
    a, dt = f"a{i}", f"DT{i}"
    ns[dt] = dtype
    ns[f"pack_host{ndim}"] = _PACK_HOST[ndim]
    ns.update(_HOST=api.KC_ARG_HOST, host_address=host_address, span=_runtime._span)
    if dtype.names is not None:
        # Equal structured dtypes may differ in alignment, which their
        # record types spell: only the same dtype object will do.
        checks = [f"if {a}.dtype is not {dt}: return False"]
    else:
        checks = [f"d = {a}.dtype", f"if d is not {dt} and d != {dt}: return False"]
    checks += [f"if {a}.ndim != {ndim}: return False", f"f = {a}.flags"]
    flags = sample.flags
    if flags.c_contiguous:  # the layout typeof() gave: C, F or A
        checks.append("if not f.c_contiguous: return False")
    elif flags.f_contiguous:
        checks.append("if f.c_contiguous or not f.f_contiguous: return False")
    else:
        checks.append("if f.c_contiguous or f.f_contiguous: return False")
    checks.append("if not f.aligned: return False")
    if written:
        checks.append("if not f.writeable: return False")  # the general path refuses it
    checks.append(f"p{i} = host_address({a}, f)")
    if flags.c_contiguous or flags.f_contiguous:
        checks.append(f"n{i} = {a}.nbytes")
    else:
        checks.append(f"n{i} = span({a}.shape, {a}.strides, {dtype.itemsize})[1]")
    writes = [
        f"pack_host{ndim}(mv, {off}, _HOST, {code}, {record_size}, 0, 0, p{i}, n{i}, 0, {ndim}, 0, "
        f"*{a}.shape, *{a}.strides)"
    ]
    return checks, writes


# -- plans -------------------------------------------------------------------------------


class LaunchPlan:
    """A kernel's launch for one tuple of argument Python types on one
    device: the loaded module, a ``kc_arg`` array, and ``launch(args,
    griddim, blockdim, stream, sharedmem)``, generated for these types,
    which launches and returns True, or returns False (having launched
    nothing) when the arguments are not ones the plan was made for or the
    current device may have changed (see the module's documentation)."""

    __slots__ = ("generation", "loaded", "handle", "name", "argv", "nargs", "source", "launch")

    def __init__(self, generation, loaded, marshal, nargs, code, ns, hidden=()):
        self.generation = generation
        self.loaded = loaded  # keeps the module loaded
        self.handle = loaded.handle
        self.name = marshal.name
        self.nargs = nargs
        self.argv = (api.kc_arg * max(nargs, 1))()
        lock = threading.Lock()  # one launch at a time fills argv
        call = untyped_kc_launch()
        if loaded.device.is_cpu:
            call = _interrupt.interruptible(loaded.device, call)  # Ctrl-C stops it
        checks, writes = code
        names = [f"a{i}" for i in range(nargs)]
        # The captured device arrays (hidden parameters) follow the
        # arguments.
        source = "args + hidden" if hidden else "args"
        unpack = [f"{', '.join(names)}, = {source}"] if nargs else []
        self.source = "\n".join(
            ["def launch(args, griddim, blockdim, stream, sharedmem):",
             "    # griddim, blockdim: kc_dim3; sharedmem: c_uint32 (see untyped_kc_launch)",
             f"    if runtime.generation != {generation}: return False"]
            + ["    " + line for line in unpack + checks]
            # `with`, not acquire() and try: a KeyboardInterrupt between
            # the two would leave the lock held.
            + ["    with lock:"]
            + ["        " + line for line in writes]
            + ["        status = call(handle, name, griddim, blockdim, sharedmem,",
               "                      stream_arg(stream) if stream else None, argv, nargs)",
               "    if status: fail(status)",
               "    return True", ""]
        )
        ns.update(runtime=_runtime, lock=lock, call=call, hidden=tuple(hidden),
                  handle=self.handle, name=self.name, stream_arg=stream_arg,
                  mv=memoryview(self.argv).cast("B"), argv=self.argv, nargs=ctypes.c_size_t(nargs),
                  fail=marshal.fail)
        exec(compile(self.source, f"<kernelc launch plan for {marshal.name.decode()}>", "exec"), ns)
        self.launch = ns["launch"]


def make_plan(overload, args):
    """The plan for launching `overload` with arguments of the types of
    `args` (which it has just launched with), or None when an argument is
    not a plain scalar, device array or NumPy array, or is one such a plan
    would refuse (then every launch with it takes the general path, which
    makes no plan each time)."""
    generation = _runtime.generation  # before the device is looked up
    params = overload.params
    hidden = overload.compiled.hidden_args
    args = tuple(args) + hidden
    if len(args) != len(params):
        return None
    ns = {}
    checks, writes = [], []
    for i, (a, p) in enumerate(zip(args, params)):
        off = i * _SLOT
        t = type(a)
        if p.kind == KC.PARAM_SCALAR:
            code = _scalar_code(i, off, a, ns)
        elif p.kind != KC.PARAM_ARRAY:
            code = None
        elif isinstance(a, DeviceNDArray):
            code = _device_code(i, off, a, p.written, ns)
        elif t is np.ndarray:
            code = _host_code(i, off, a, p.written, ns)
        else:
            code = None
        if code is None:
            return None
        checks += code[0]
        writes += code[1]
    loaded = overload._loaded_here()
    marshal = overload.__dict__.get("_marshal") or _runtime._Marshal(overload)
    return LaunchPlan(generation, loaded, marshal, len(args), (checks, writes), ns, hidden)


def direct_call(kernel, args, griddim, blockdim, interruptible=False):
    """For the benchmark: a function that calls ``kc_launch`` exactly as the
    plan for `args` does (the same ctypes call), without the binding (no
    typing, no filling and, unless `interruptible`, no Ctrl-C handling),
    with the ``kc_arg`` array the plan filled when `kernel` was last
    launched with arguments of these types."""
    plan = kernel._plans[tuple(map(type, args))][0]
    call_args = (plan.handle, plan.name, _runtime.dim3(griddim), _runtime.dim3(blockdim),
                 ctypes.c_uint32(0), None, plan.argv, ctypes.c_size_t(plan.nargs))
    kc_launch = untyped_kc_launch()
    if interruptible and plan.loaded.device.is_cpu:
        kc_launch = _interrupt.interruptible(plan.loaded.device, kc_launch)
    return lambda: kc_launch(*call_args)
