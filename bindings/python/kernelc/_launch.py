"""Launch plans: the fast path of ``kernel[grid, block](args)``.

The general launch (``_dispatcher._LaunchConfig._launch_general``) types
every argument, picks the overload (Numba's choice), finds the module
loaded on the current device and fills the ``kc_arg`` array field by
field, checking each argument. Once such a launch has succeeded, the
dispatcher keeps a :class:`LaunchPlan` for the arguments' Python types
(the key is ``tuple(map(type, args))``): the overload's loaded module, a
``kc_arg`` array of its own, a ``kc_launch_request`` pointing at it, and
one function, generated for these argument types, that checks each
argument is still of the Python type and the kernel type the plan was
made for (same dtype, rank and layout for arrays; an ``int`` within
int64), writes its ``kc_arg`` (one ``struct.pack_into``, or one copy of a
device array's cached ``kc_arg``, skipped when the same images as at the
last launch are there already), copies the launch configuration's image
into the request and calls ``kc_launch_packed`` with it (one pointer: see
below). The plan that launched last is tried first, before the key is
computed (about 0.2 µs): it checks the Python types itself.

Anything the plan cannot vouch for makes it step aside before anything is
written or launched (the function returns False): another dtype, rank or
layout, an ``int`` beyond int64 (typed uint64), a read-only array the
kernel may write, a misaligned or byte-swapped host array, or a change of
the current device (``_runtime.generation``), or another thread
launching through the same plan at that moment. The general path then
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
    host_bytes, address, ndim, flags, shape[KC_MAX_NDIM],
    strides[KC_MAX_NDIM]."""
    pad = 8 * (api.KC_MAX_NDIM - ndim)
    return f"=IIQ8xQQQQQII{ndim}q{pad}x{ndim}q{pad}x"


def _check_layout():
    f = api.kc_arg
    offsets = [f.kind.offset, f.dtype.offset, f.value.offset, f.buffer.offset, f.offset.offset,
               f.host.offset, f.host_bytes.offset, f.address.offset, f.ndim.offset,
               f.flags.offset, f.shape.offset, f.strides.offset]
    sizes = {struct.calcsize(_host_format(ndim)) for ndim in _NDIMS}
    strides_at = 72 + 8 * api.KC_MAX_NDIM
    if offsets != [0, 4, 8, 24, 32, 40, 48, 56, 64, 68, 72, strides_at] or sizes != {_SLOT} \
            or _SLOT != strides_at + 8 * api.KC_MAX_NDIM:
        raise ImportError(f"kc_arg layout {offsets} (size {_SLOT}) is not the one _launch packs")


_NDIMS = range(1, api.KC_MAX_NDIM + 1)
_check_layout()
_PACK_HOST = {ndim: struct.Struct(_host_format(ndim)).pack_into for ndim in _NDIMS}


# -- kc_launch_packed without argtypes --------------------------------------------------
# ctypes converts each argument through its argtypes' `from_param` on every
# call. Plans call `kc_launch_packed` without argtypes, with a ready pointer
# to the plan's kc_launch_request (passed as it is) and an int (passed as a
# C int): the SIGINT fd (see `_interrupt`), or -1.

if api.PROTOTYPES["kc_launch_packed"] != (
        ctypes.c_int, [ctypes.POINTER(api.kc_launch_request), ctypes.c_int]):
    raise ImportError("kc_launch_packed's prototype is not the one launch plans call it with")


def untyped_kc_launch_packed():
    """A second ctypes function object for ``kc_launch_packed``, without
    argtypes (see above)."""
    f = _lib._load()["kc_launch_packed"]  # indexing makes a new function object
    f.restype = ctypes.c_int
    return f


# The launch configuration's part of a kc_launch_request (grid, block,
# shared_bytes, padding, stream): bytes _LaunchConfig makes once
# (`config_image`) and plans copy into their request.
_CONFIG_FORMAT = struct.Struct("=7I4xQ")
_CONFIG_START = api.kc_launch_request.grid.offset
_CONFIG_END = api.kc_launch_request.args.offset
if (_CONFIG_START, api.kc_launch_request.stream.offset, _CONFIG_END) != (16, 48, 56) \
        or _CONFIG_FORMAT.size != _CONFIG_END - _CONFIG_START:
    raise ImportError("kc_launch_request's layout is not the one _launch packs")


def config_image(griddim, blockdim, sharedmem, stream):
    """The bytes of a kc_launch_request's configuration part for a launch
    configuration (dims as 3-tuples), or None when `stream` is not a
    kernelc stream (plans then step aside and the general path says so)."""
    try:
        handle = _runtime._stream_handle(stream)
        address = ctypes.cast(handle, ctypes.c_void_p).value if handle is not None else None
    except (TypeError, ctypes.ArgumentError):
        return None
    return _CONFIG_FORMAT.pack(*griddim, *blockdim, sharedmem, address or 0)


def host_address(a, flags) -> int:
    """The address of a NumPy array's first element: through the buffer
    protocol for a writeable, C-contiguous, non-empty array (a third of
    the cost of ``a.ctypes.data``), else ``a.ctypes.data``."""
    if flags.c_contiguous and flags.writeable and a.nbytes:
        return ctypes.addressof(ctypes.c_char.from_buffer(a))
    return a.ctypes.data


# -- code for one argument --------------------------------------------------------------
# Each returns (checks, writes, images): lines of the generated function,
# run before the plan is taken (they may `return False`, and only read) and
# while it is held (they write the argument's kc_arg at byte offset `off`
# of `mv`, the plan's kc_arg array), and for a device array its image (a
# bytes object) with the line that copies it, run only when the images
# differ from the last launch's. `ns` collects the constants they name.
# The plan has already checked the argument's Python type.


def _scalar_code(i, off, sample, ns):
    """A Python or NumPy scalar, as ``_runtime._scalar`` writes it: its
    write is a ``_Scalar``, which ``_pack_scalars`` merges with its
    neighbours'."""
    a, pytype = f"a{i}", type(sample)
    if pytype is float:
        return [], [_Scalar(off, "f", _runtime._F64, [a])], []
    if pytype is bool:
        return [], [_Scalar(off, "i", _runtime._BOOL, [f"1 if {a} else 0"])], []
    if pytype is int:
        # Beyond int64 a Python int is typed uint64 (or refused): the
        # general path decides, and no plan is made for such a sample.
        if not -(2**63) <= sample < 2**63:
            return None
        checks = [f"if not {-(2**63)} <= {a} <= {2**63 - 1}: return False"]
        return checks, [_Scalar(off, "i", _runtime._I64, [a])], []
    if pytype is complex:
        return [], [_Scalar(off, "c", _runtime._C128, [f"{a}.real", f"{a}.imag"])], []
    entry = _runtime._SCALAR_TYPES.get(pytype)
    if entry is None:
        return None
    code, field, conv = entry
    ns[f"conv{i}"] = conv
    star = "*" if field == "c" else ""
    return [], [_Scalar(off, field, code, [f"{star}conv{i}({a})"])], []


class _Scalar:
    """A scalar's write: its slot's byte offset, the ``kc_scalar`` member
    (``_SCALAR_FORMATS``), the dtype code and the value's expressions."""

    __slots__ = ("off", "field", "code", "values")

    def __init__(self, off, field, code, values):
        self.off, self.field, self.code, self.values = off, field, code, values


def _pack_scalars(writes, ns):
    """`writes` with each run of scalars in neighbouring slots written by
    one ``struct.pack_into`` (about 0.1 µs a call): a slot's kind, dtype and
    value, and zeros for the rest of it (which a scalar's ``kc_arg`` never
    uses, and a plan's ``kc_arg`` array holds from the start)."""
    out, run = [], []

    def flush():
        if not run:
            return
        slots = []
        for w in run:
            fmt = _SCALAR_FORMATS[w.field]
            slots.append(f"{fmt[1:]}{_SLOT - struct.calcsize(fmt)}x")
        name = f"pack_scalars{run[0].off // _SLOT}"  # named after its first slot
        fmt = "=" + "".join(slots)
        ns[name] = struct.Struct(fmt).pack_into
        values = ", ".join(f"_SCALAR, {w.code}, {', '.join(w.values)}" for w in run)
        out.append(f"{name}(mv, {run[0].off}, {values})")
        run.clear()

    for w in writes:
        if isinstance(w, _Scalar):
            if run and w.off != run[-1].off + _SLOT:
                flush()
            run.append(w)
        else:
            flush()
            out.append(w)
    flush()
    ns["_SCALAR"] = api.KC_ARG_SCALAR
    return out


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
    return checks, [], [(f"image{i}", f"mv[{off}:{off + _SLOT}] = image{i}")]


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
    if code is None or dtype.byteorder == ">" or not 1 <= ndim <= api.KC_MAX_NDIM or not sample.flags.aligned:
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
    return checks, writes, []


# -- plans -------------------------------------------------------------------------------


# A CPU-device plan's call from the main thread: interruptible by Ctrl-C,
# the C API telling the watcher's pipe of SIGINT (see `_interrupt`).
_INTERRUPTIBLE_CALL = """\
if get_ident() != intr._MAIN_THREAD:
    status = call(request, -1)
else:
    w = intr._watcher or intr._get_watcher()
    w.launch += 1
    w.device = device
    try:
        status = call(request, w.write_fd)
    finally:
        w.device = None""".splitlines()


def _call_lines(device):
    """The lines that call kc_launch_packed and set `status`: on the CPU
    device (POSIX), interruptible by Ctrl-C; elsewhere a plain call."""
    if device.is_cpu and _interrupt._POSIX:
        return _INTERRUPTIBLE_CALL
    return ["status = call(request, -1)"]


class LaunchPlan:
    """A kernel's launch for one tuple of argument Python types on one
    device: the loaded module, a ``kc_arg`` array and the
    ``kc_launch_request`` pointing at it, and ``launch(args, config)``,
    generated for these types, which launches with ``config`` (a
    ``_LaunchConfig``) and returns True, or returns False (having launched
    nothing) when the arguments are not ones the plan was made for, the
    current device may have changed, or another thread is launching
    through the plan (see the module's documentation)."""

    __slots__ = ("generation", "loaded", "argv", "nargs", "request", "request_ptr", "call",
                 "source", "launch")

    def __init__(self, generation, loaded, marshal, nargs, code, ns, hidden=()):
        self.generation = generation
        self.loaded = loaded  # keeps the module loaded
        self.nargs = nargs
        self.argv = (api.kc_arg * max(nargs, 1))()
        self.request = api.kc_launch_request(
            loaded=loaded.handle, kernel=marshal.name, num_args=nargs,
            args=ctypes.cast(self.argv, ctypes.POINTER(api.kc_arg)))
        self.request_ptr = ctypes.pointer(self.request)
        self.call = untyped_kc_launch_packed()
        checks, writes, images, warn = code
        nuser = nargs - len(hidden)
        names = [f"a{i}" for i in range(nargs)]
        # The captured device arrays (hidden parameters) follow the
        # arguments. Unpacking checks the count (a ValueError otherwise).
        source = "args + hidden" if hidden else "args"
        if nargs:
            unpack = ["try:", f"    {', '.join(names)}, = {source}",
                      "except ValueError:", "    return False"]
        else:
            unpack = ["if args: return False"]
        types = [f"if type(a{i}) is not K{i}: return False" for i in range(nuser)]
        # The configuration's image and the device arrays' are copied only
        # when one differs from the last launch's (`last[0]`).
        now = ", ".join(["image"] + [name for name, _ in images])
        self.source = "\n".join(
            ["def launch(args, config):",
             f"    if runtime.generation != {generation}: return False"]
            + ["    " + line for line in unpack + types + checks]
            + ["    image = config._image",
               "    if image is None: return False"]
            # Host arrays are copied: numba-cuda's warning, given once the
            # plan has taken the arguments.
            + (["    warn_copies(args, 4)"] if warn else [])
            # One launch at a time fills argv and the request: the one
            # that takes the plan's only token (list.pop is atomic); another
            # thread meanwhile takes the general path. (A KeyboardInterrupt
            # just after the pop loses the token: the plan then steps aside
            # for good, and the general path makes a new one.)
            + ["    try:",
               "        token = take()",
               "    except IndexError:",
               "        return False",
               "    try:",
               f"        now = ({now},)",
               "        if now != last[0]:",
               f"            rv[{_CONFIG_START}:{_CONFIG_END}] = image"]
            + ["            " + line for _, line in images]
            + ["            last[0] = now"]
            + ["        " + line for line in writes]
            + ["        " + line for line in _call_lines(loaded.device)]
            + ["    finally:",
               "        give(token)",
               "    if status: fail(status)",
               "    return True", ""]
        )
        tokens = [True]
        ns.update(runtime=_runtime, intr=_interrupt, get_ident=threading.get_ident,
                  take=tokens.pop, give=tokens.append, last=[None],
                  call=self.call, request=self.request_ptr, hidden=tuple(hidden),
                  device=loaded.device, mv=memoryview(self.argv).cast("B"),
                  rv=memoryview(self.request).cast("B"), fail=marshal.fail)
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
    nuser = len(args)
    args = tuple(args) + hidden
    if len(args) != len(params):
        return None
    from ._dispatcher import _warn_implicit_copies
    ns = {"warn_copies": _warn_implicit_copies}
    checks, writes, images = [], [], []
    warn = False
    for i, (a, p) in enumerate(zip(args, params)):
        off = i * _SLOT
        t = type(a)
        if i < nuser:
            ns[f"K{i}"] = t
            warn = warn or t is np.ndarray
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
        images += code[2]
    writes = _pack_scalars(writes, ns)
    loaded = overload._loaded_here()
    marshal = overload.__dict__.get("_marshal") or _runtime._Marshal(overload)
    return LaunchPlan(generation, loaded, marshal, len(args), (checks, writes, images, warn), ns, hidden)


def direct_call(kernel, args, griddim, blockdim, interruptible=False):
    """For the benchmark: a function that calls ``kc_launch_packed`` exactly
    as the plan for `args` does (the same ctypes call, with the plan's
    request for this configuration and the ``kc_arg`` array it filled when
    `kernel` was last launched with arguments of these types), without the
    binding: no argument checks, no filling and, unless `interruptible`, no
    Ctrl-C handling (the plan's own lines for it, on the CPU device)."""
    plan = kernel._plans[tuple(map(type, args))][0]
    image = config_image(griddim, blockdim, 0, 0)
    memoryview(plan.request).cast("B")[_CONFIG_START:_CONFIG_END] = image
    plan.launch.__globals__["last"][0] = None  # the plan's next launch writes everything
    lines = _call_lines(plan.loaded.device) if interruptible else ["status = call(request, -1)"]
    source = "\n".join(["def direct():"] + ["    " + line for line in lines] + ["    return status", ""])
    ns = dict(intr=_interrupt, get_ident=threading.get_ident, call=plan.call,
              request=plan.request_ptr, device=plan.loaded.device)
    exec(compile(source, "<kernelc direct launch>", "exec"), ns)
    return ns["direct"]
