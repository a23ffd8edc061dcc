"""Numba CUDA's API over kernelc: ``from kernelc import cuda`` instead of
``from numba import cuda``.

Host side: :func:`jit`, :func:`to_device`, :func:`device_array`,
:func:`device_array_like`, :func:`auto_device`, ``In``/``Out``/``InOut``
(:mod:`kernelc.cuda.args`), :func:`pinned_array`, :data:`gpus`,
:func:`select_device`, :func:`get_current_device`, :func:`detect`,
:func:`synchronize`, :func:`stream`, :func:`external_stream`, :func:`event`,
:func:`is_available`...

Kernel side (``cuda.grid``, ``cuda.threadIdx``, ``cuda.shared.array``,
``cuda.atomic.add``...): these names exist so kernels read naturally and
tools see them, but kernels are compiled from their source by kernelc and
never run as Python; calling one on the host raises.

Devices: kernels run on an NVIDIA GPU when one is usable, otherwise on
kernelc's CPU device (a simulator that executes the same PTX). The
environment variable ``KERNELC_DEVICE`` (``auto``, ``gpu`` or ``cpu``)
chooses; ``auto`` is the default.

:func:`is_available` follows Numba's *simulator*: it is True whenever
kernels can run — on a GPU, or on the CPU device when there is no GPU (as
``NUMBA_ENABLE_CUDASIM=1`` makes Numba say True). Use
:func:`is_gpu_available` (or ``get_current_device().is_cpu``) to know
whether a real GPU is in use.
"""

from __future__ import annotations

import contextlib
import functools

import numpy as np

from .. import _hostvisible, _runtime
from .._devicearray import (
    DeviceNDArray, as_cuda_array, auto_device, device_array, device_array_like,
    from_cuda_array_interface, is_cuda_array, order_like, strides_like, to_device,
)
from .._dispatcher import DeviceFunction, Dispatcher
from .._linkable import CUSource, LinkableCode, PTXSource
from .._reduce import Reduce
from ..errors import CudaSupportError, KernelcError
from . import bf16, config, cudadrv, libdevice, random
from .args import In, InOut, Out
from .bf16 import bfloat16  # noqa: E402  (numba.cuda.bfloat16)

# numba.cuda also holds Numba's types and its ufunc decorators (`from
# numba.cuda import float32, void, types, vectorize`); so does kernelc.cuda.
from .. import types  # noqa: E402
from .. import _devicearray as devicearray  # noqa: E402  (numba.cuda.devicearray)
from .._types import from_dtype  # noqa: E402
from .._vectorize import guvectorize as _guvectorize  # noqa: E402
from .._vectorize import vectorize as _vectorize  # noqa: E402
from ..types import (  # noqa: E402
    b1, bool_, boolean, c8, c16, complex64, complex128, double, f2, f4, f8, float16, float32,
    float64, i1, i2, i4, i8, int8, int16, int32, int64, int_, intp, none, u1, u2, u4, u8, uint8,
    uint16, uint32, uint64, uintp, void,
)

__all__ = [
    # host
    "jit", "declare_device", "CUSource", "PTXSource", "LinkableCode", "to_device", "device_array", "device_array_like", "auto_device", "In", "Out", "InOut",
    "pinned_array",
    "pinned_array_like", "mapped_array", "mapped_array_like", "managed_array", "pinned", "as_cuda_array", "is_cuda_array",
    "from_cuda_array_interface",
    "gpus", "list_devices", "defer_cleanup", "CudaSupportError", "select_device", "get_current_device", "current_context", "close", "detect",
    "synchronize", "set_launch_timeout", "stream", "default_stream", "external_stream",
    "legacy_default_stream",
    "per_thread_default_stream", "event", "event_elapsed_time", "is_available",
    "is_bfloat16_supported", "is_float16_supported", "is_supported_version",
    "is_gpu_available", "compile", "compile_all", "compile_for_current_device", "compile_ptx",
    "compile_ptx_for_current_device",
    "profile_start", "profile_stop", "profiling", "DeviceNDArray", "reduce", "Reduce",
    # kernel side
    "threadIdx", "blockIdx", "blockDim", "gridDim", "laneid", "warpsize", "grid",
    "gridsize", "shared", "local", "const", "atomic", "syncthreads", "syncthreads_count",
    "syncthreads_and", "syncthreads_or", "syncwarp", "nanosleep", "threadfence", "threadfence_block",
    "threadfence_system", "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync",
    "all_sync", "any_sync", "eq_sync", "ballot_sync", "activemask", "lanemask_lt",
    "match_any_sync", "match_all_sync", "cg",
    "popc", "clz", "ffs", "brev", "fma", "cbrt", "selp", "literal_unroll",
    "ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs", "stwb", "stwt",
]


# ---------------------------------------------------------------------------
# @cuda.jit


def jit(func_or_sig=None, device=False, inline=False, link=(), debug=None, opt=None,
        lineinfo=False, cache=False, fastmath=False, boundscheck=None, max_registers=None,
        launch_bounds=None, shared_memory_carveout=None, **kws):
    """Compiles a Python function into a kernel (or, with
    ``device=True``, a device function). Used as ``@cuda.jit``,
    ``@cuda.jit("void(float32[:])")``, ``@cuda.jit(device=True)`` or
    ``@cuda.jit(fastmath=True, debug=True, boundscheck=True)``.
    ``cache=True`` keeps the compiled kernels in files, for later
    processes (see :mod:`kernelc._diskcache`). ``launch_bounds`` is
    numba-cuda's: the most threads per block, or a tuple of it, the fewest
    blocks per multiprocessor and the most blocks per cluster (sm_90); a
    launch of larger blocks fails. ``shared_memory_carveout`` (-1 to 100
    percent, ``"default"``, ``"MaxL1"``, ``"MaxShared"``) is the driver's
    preferred split of on-chip memory for the kernel."""
    unknown = set(kws) - {"argtypes", "restype", "forceinline", "lto", "extensions"}
    if unknown:
        raise TypeError(f"cuda.jit() got unexpected keyword argument(s): {', '.join(sorted(unknown))}")
    # numba-cuda's defaults, from its configuration, and its warnings.
    debug = config.CUDA_DEBUGINFO_DEFAULT if debug is None else debug
    opt = (config.OPT != 0) if opt is None else opt
    _warn_invalid_config(debug, opt, lineinfo)
    options = {
        "debug": bool(debug),
        "opt": bool(opt),
        "lineinfo": bool(lineinfo),
        "fastmath": _fastmath_on(fastmath),
        "boundscheck": bool(boundscheck),
        "inline": inline,
        # An on-disk cache of the compiled kernels (kernelc._diskcache);
        # a device function is compiled into each kernel that calls it,
        # and cached with it.
        "cache": bool(cache),
        # Files linked with the kernel (`declare_device` functions'
        # definitions): read when the kernel is loaded on a device.
        "link": _link_paths(link),
        "launch_bounds": _launch_bounds(launch_bounds),
        "shared_memory_carveout": _carveout(shared_memory_carveout),
    }
    if kws.get("extensions") and not device:
        options["extensions"] = list(kws["extensions"])

    def wrap(func, sigs):
        if isinstance(func, (Dispatcher, DeviceFunction)):
            func = func.py_func
        if not callable(func) or not hasattr(func, "__code__"):
            raise TypeError(f"cuda.jit() needs a Python function, not {func!r}")
        if device:
            return DeviceFunction(func, sigs, options)
        return Dispatcher(func, sigs, options)

    if func_or_sig is None:
        return lambda func: wrap(func, None)
    if callable(func_or_sig) and hasattr(func_or_sig, "__code__") or isinstance(
        func_or_sig, (Dispatcher, DeviceFunction)
    ):
        return wrap(func_or_sig, None)
    sigs = func_or_sig
    return lambda func: wrap(func, sigs)


def _launch_bounds(launch_bounds):
    """``launch_bounds`` as a tuple of 1 to 3 positive ints (() for none),
    checked as numba-cuda's ``set_launch_bounds`` checks it."""
    if launch_bounds is None:
        return ()
    if isinstance(launch_bounds, int):
        launch_bounds = (launch_bounds,)
    launch_bounds = tuple(launch_bounds)
    if (n := len(launch_bounds)) > 3:
        raise ValueError(
            f"Got {n} launch bounds: {launch_bounds}. A maximum of three are supported: "
            "(max_threads_per_block, min_blocks_per_sm, max_blocks_per_cluster)"
        )
    if not all(isinstance(b, int) and b > 0 for b in launch_bounds) or launch_bounds[0] > 1024:
        raise ValueError(
            f"launch bounds {launch_bounds}: positive integers, at most 1024 threads per block")
    return launch_bounds


def _carveout(carveout):
    """``shared_memory_carveout`` as a percent (-1 to 100), or None: an int,
    or ``"default"`` (-1), ``"MaxL1"`` (0) or ``"MaxShared"`` (100), checked
    with numba-cuda's messages."""
    if carveout is None:
        return None
    named = {"default": -1, "maxl1": 0, "maxshared": 100}
    if isinstance(carveout, str):
        if carveout.lower() not in named:
            raise ValueError(
                f"Invalid carveout value: {carveout}. "
                f"Must be -1 to 100 or one of {list(named)}"
            )
        return named[carveout.lower()]
    if isinstance(carveout, int) and not isinstance(carveout, bool):
        if not -1 <= carveout <= 100:
            raise ValueError("Carveout must be between -1 and 100")
        return carveout
    raise TypeError(f"shared_memory_carveout must be an int or a string, not {carveout!r}")


def _warn_invalid_config(debug, opt, lineinfo):
    """numba-cuda's ``NumbaInvalidConfigWarning``s of ``cuda.jit``: debug
    with optimisation (which can crash numba-cuda's NVVM; kernelc compiles
    it as asked), and debug with lineinfo."""
    import warnings

    from ..errors import invalid_config_warning_class

    if debug and opt:
        msg = ("debug=True with opt=True is not supported by CUDA. This may result in a crash"
               " - set debug=False or opt=False.")
        warnings.warn(msg, invalid_config_warning_class(), stacklevel=3)
    if debug and lineinfo:
        msg = ("debug and lineinfo are mutually exclusive. Use debug to get full debug info "
               "(this disables some optimizations), or lineinfo for line info only with code "
               "generation unaffected.")
        warnings.warn(msg, invalid_config_warning_class(), stacklevel=3)

#: The flags of ``fastmath={...}`` (LLVM's fast-math flags, as numba-cuda's
#: ``FastMathOptions`` takes them).
FASTMATH_FLAGS = frozenset({"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"})


def _fastmath_on(value):
    """Whether a ``fastmath=`` option turns fast math on, checked as
    numba-cuda's ``FastMathOptions`` checks it: ``True``/``False``, a set
    of flags or a dict of flags to booleans. Any flag turns on all of it
    (numba-cuda's NVVM options, ``ftz``, approximate division and square
    root, the fast libdevice functions, follow the option's truth)."""
    if value is True or value is False:
        return value
    if isinstance(value, (set, frozenset, dict)):
        invalid = set(value) - FASTMATH_FLAGS
        if invalid:
            raise ValueError("Unrecognized fastmath flags: %s" % invalid)
        if isinstance(value, dict):
            return any(bool(on) for on in value.values())
        return bool(value)
    raise ValueError("Expected fastmath option(s) to be either a bool, dict or set")


def _link_paths(link):
    """`link=` as a tuple of items (one path or in-memory source, or a
    list, tuple or set of them), as numba-cuda takes it."""
    if link is None:
        return ()
    if isinstance(link, (list, tuple, set, frozenset)):
        return tuple(link)
    return (link,)


class ExternFunction:
    """A device function defined in linked code, declared with
    :func:`declare_device`: kernels call it by its signature; the host
    cannot."""

    _kc_extern = True

    def __init__(self, name, sig_text, link, abi, sig=None):
        self.name = name
        self.sig_text = sig_text  # what the compiler reads
        self.link = link
        self.abi = abi
        self._sig = sig

    @property
    def sig(self):
        """The signature as an object (``.args``, ``.return_type``), as
        numba-cuda's declaration has it."""
        if self._sig is None:
            from .. import types as kc_types
            from .._types import as_signature

            self._sig = as_signature(eval(self.sig_text, dict(vars(kc_types))))
        return self._sig

    def __repr__(self) -> str:
        return f"<kernelc.cuda declared device function {self.name} {self.sig_text}>"

    def __call__(self, *args, **kwargs):
        raise KernelcError(
            f"declared device function '{self.name}' can only be called from a kernel or a "
            "device function"
        )


def declare_device(name, sig, link=None, use_cooperative=False, abi="numba"):
    """Declares a device function defined in other code (PTX, or CUDA C
    compiled with NVRTC: ``extern "C" __device__`` functions), which
    kernels call by `sig`
    (``"float32(float32, float32)"`` or a signature object). In Numba's ABI
    (``abi="numba"``) it is ``int name(T *result, args...)`` and returns a
    status (0: success); in C's (``abi="c"``) ``T name(args...)``. The
    files of `link` (and of the kernel's ``cuda.jit(link=...)``) are
    linked with every kernel that calls it. Arguments and the result are
    scalars."""
    from .._dispatcher import signatures

    if abi not in ("numba", "c"):
        raise NotImplementedError(f"Unsupported ABI: {abi}")
    if use_cooperative:
        raise KernelcError(
            "declared device functions that need a cooperative launch (use_cooperative=True) "
            "are not supported by kernelc"
        )
    if not isinstance(name, str):
        raise TypeError(f"the name of a declared device function is a string, not {name!r}")
    from .._types import as_signature

    if isinstance(sig, tuple) or isinstance(sig, str) and sig.lstrip().startswith("("):
        raise TypeError("Return type must be provided for device declarations")
    [(text, _)] = signatures(sig)
    return ExternFunction(name, text, _link_paths(link), abi,
                          None if isinstance(sig, str) else as_signature(sig))


def compile(pyfunc, sig, debug=None, lineinfo=False, device=True, fastmath=False, cc=None,
            opt=None, abi="c", abi_info=None, output="ptx", forceinline=False,
            launch_bounds=None):
    """``(ptx, return type)`` of `pyfunc` compiled for `sig` and compute
    capability `cc` (default (8, 0)), without a device, as numba-cuda's
    ``cuda.compile``: by default a device function exported for other code
    to link in C's ABI (a ``.visible .func``, ``T f(args...)``, named
    ``abi_info["abi_name"]`` if given, else the function's name), or with
    ``abi="numba"`` Numba's (``int f(T *result, args...)``); its arguments
    and result numbers (complex too) or booleans. With ``device=False`` a kernel (Numba's
    ABI only; it must return nothing). `sig` gives the argument types; a
    return type, when it has one, is what the result converts to, else it
    is inferred. ``lineinfo`` writes numba-cuda's line information (each
    ``.loc`` of a device function's inlined code names the function and
    where it was inlined), ``debug`` also a DWARF compile unit
    (``.section .debug_info``). kernelc writes PTX only: ``output`` is
    ``"ptx"`` (``"ltoir"``, NVVM's LTO IR, is refused)."""
    if output not in ("ptx", "ltoir"):
        raise NotImplementedError(f"Unsupported output type: {output}")
    if forceinline and output != "ltoir":
        raise ValueError("Can only designate forced inlining in LTO-IR")
    if output == "ltoir":
        raise NotImplementedError(
            "output='ltoir' (NVVM's LTO IR) is not supported by kernelc: it compiles to PTX")
    ptx, resty, _ = _compile_pyfunc(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt, abi,
                                    abi_info, launch_bounds)
    return ptx, resty


def compile_all(pyfunc, sig, debug=None, lineinfo=False, device=True, fastmath=False, cc=None,
                opt=None, abi="c", abi_info=None, output="ltoir", forceinline=False,
                launch_bounds=None):
    """:func:`compile`, returning ``([ptx, linked...], return type)``: the
    PTX, then what the functions it declares with ``declare_device`` link
    (a CUDA C source compiled by NVRTC, as a :class:`PTXSource`; other
    items as they were given), as numba-cuda's ``compile_all``."""
    if output not in ("ptx", "ltoir"):
        raise NotImplementedError(f"Unsupported output type: {output}")
    if forceinline and output != "ltoir":
        raise ValueError("Can only designate forced inlining in LTO-IR")
    if output == "ltoir":
        raise NotImplementedError(
            "output='ltoir' (NVVM's LTO IR) is not supported by kernelc: it compiles to PTX")
    from .._linkable import ptx_of

    ptx, resty, view = _compile_pyfunc(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt,
                                       abi, abi_info, launch_bounds)
    codes = [ptx]
    arch = _arch(cc)
    for item in view.link:
        kind = getattr(item, "kind", None) or str(item).rsplit(".", 1)[-1].lower()
        if kind == "cu":
            name = getattr(item, "name", None) or str(item)
            codes.append(PTXSource(ptx_of(item, arch), name=name))
        else:
            codes.append(item)
    return codes, resty


def compile_ptx(pyfunc, sig, debug=None, lineinfo=False, device=False, fastmath=False,
                cc=None, opt=None, abi="numba", abi_info=None, forceinline=False,
                launch_bounds=None):
    """:func:`compile` to PTX, by default a kernel in Numba's ABI (numba-cuda's
    ``compile_ptx``)."""
    return compile(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device,
                   fastmath=fastmath, cc=cc, opt=opt, abi=abi, abi_info=abi_info, output="ptx",
                   forceinline=forceinline, launch_bounds=launch_bounds)


def compile_for_current_device(pyfunc, sig, debug=None, lineinfo=False, device=True,
                               fastmath=False, opt=None, abi="c", abi_info=None, output="ptx",
                               forceinline=False, launch_bounds=None):
    """:func:`compile` for the current device's compute capability."""
    return compile(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device,
                   fastmath=fastmath, cc=get_current_device().compute_capability, opt=opt,
                   abi=abi, abi_info=abi_info, output=output, forceinline=forceinline,
                   launch_bounds=launch_bounds)


def compile_ptx_for_current_device(pyfunc, sig, debug=None, lineinfo=False, device=False,
                                   fastmath=False, opt=None, abi="numba", abi_info=None,
                                   forceinline=False, launch_bounds=None):
    """:func:`compile_ptx` for the current device's compute capability."""
    return compile_ptx(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device,
                       fastmath=fastmath, cc=get_current_device().compute_capability, opt=opt,
                       abi=abi, abi_info=abi_info, forceinline=forceinline,
                       launch_bounds=launch_bounds)


def _arch(cc):
    """The ``sm_XX`` of a compute capability ``(major, minor)`` (an
    arch-specific one, ``(9, 0, "a")``, is ``sm_90a``); (8, 0) by default."""
    cc = tuple(cc or (8, 0))
    suffix = str(cc[2]) if len(cc) > 2 else ""
    return f"sm_{cc[0]}{cc[1]}{suffix}"


def _compile_pyfunc(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt, abi, abi_info,
                    launch_bounds):
    """``(ptx, return type, view)`` of :func:`compile`, its options checked
    as numba-cuda's ``_compile_pyfunc_with_fixup`` checks them."""
    import warnings

    from .._compiler import Options, compile_device_ptx, compile_view
    from .._dispatcher import signatures
    from .._lib import KC
    from .._source import build_view, function_of_lambda
    from .._types import parse_type_name, void
    from ..errors import TypingError, invalid_config_warning_class

    if abi not in ("numba", "c"):
        raise NotImplementedError(f"Unsupported ABI: {abi}")
    if abi == "c" and not device:
        raise NotImplementedError("The C ABI is not supported for kernels")
    debug = config.CUDA_DEBUGINFO_DEFAULT if debug is None else debug
    opt = (config.OPT != 0) if opt is None else opt
    if debug and opt:
        warnings.warn(
            "debug=True with opt=True is not supported by CUDA. This may result in a crash"
            " - set debug=False or opt=False.", invalid_config_warning_class(), stacklevel=4)
    options = Options(arch=_arch(cc), opt=2 if opt else 0, fastmath=_fastmath_on(fastmath),
                      debug=bool(debug), lineinfo=bool(lineinfo), boundscheck=False,
                      launch_bounds=_launch_bounds(launch_bounds))
    fn = getattr(pyfunc, "py_func", pyfunc)
    name = (abi_info or {}).get("abi_name")
    if fn.__name__ == "<lambda>":
        # numba-cuda names it `<lambda>`, which PTX cannot spell.
        fn = function_of_lambda(fn, name if name and name.isidentifier() else "lambda_")
    [(text, _)] = signatures(sig)
    if not device:
        if _declared_return(sig, text) not in (None, "none", "void"):
            raise TypeError("CUDA kernel must have void return type.")
        view = build_view(fn)
        try:
            compiled = compile_view(view, text, options)
        except TypingError as e:
            # numba-cuda types the function, then refuses a kernel whose
            # return type is not void.
            if _KERNEL_RETURNS in str(e):
                raise TypeError("CUDA kernel must have void return type.") from e
            raise
        return compiled.ptx, void, view
    abis = {"numba": KC.EXPORT_NUMBA, "c": KC.EXPORT_C}
    view = build_view(fn, device=True)
    ptx, _, signature = compile_device_ptx(view, text, options, abis[abi], name)
    ret = signature.split("(", 1)[0]
    return ptx, void if ret == "none" else parse_type_name(ret), view


def _declared_return(sig, text):
    """The return type `sig` declares, as text (``int32``), or None when
    it declares none (a tuple of argument types, ``"(float32[:])"``)."""
    from .._types import as_signature

    if isinstance(sig, tuple):
        return None
    if isinstance(sig, str):
        return text.split("(", 1)[0].strip() or None
    declared = as_signature(sig)
    if declared is None or declared.return_type is None:
        return None
    return str(declared.return_type)


#: kernelc's diagnostic for a kernel that returns a value (numba-cuda's
#: ``TypeError`` in ``compile``).
_KERNEL_RETURNS = "a kernel cannot return a value"


def vectorize(ftylist_or_function=(), **kws):
    """numba.cuda's ``vectorize``: ``kernelc.vectorize`` with ``target='cuda'``."""
    kws.setdefault("target", "cuda")
    return _vectorize(ftylist_or_function, **kws)


def guvectorize(ftylist, signature, **kws):
    """numba.cuda's ``guvectorize``: ``kernelc.guvectorize`` with ``target='cuda'``."""
    kws.setdefault("target", "cuda")
    return _guvectorize(ftylist, signature, **kws)


reduce = Reduce
"""``@cuda.reduce`` on a ``def``, or ``cuda.reduce(lambda a, b: a + b)``;
then ``sum_reduce(array)``."""


# ---------------------------------------------------------------------------
# Memory


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """A host array for fast transfers. kernelc allocates an ordinary NumPy
    array (the CPU device needs no page locking; on a GPU, transfers from it
    are staged by the driver)."""
    if strides is not None:
        dtype = np.dtype(dtype)
        shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
        nbytes = 0 if 0 in shape else sum((d - 1) * s for d, s in zip(shape, strides)) + dtype.itemsize
        buf = np.empty(nbytes, np.uint8)
        return np.ndarray(shape, dtype, buf, 0, strides)
    return np.empty(shape, dtype, order=order)


def pinned_array_like(ary):
    """A host array (see :func:`pinned_array`) with the shape and dtype of
    `ary` (a NumPy or device array), contiguous in its order, as Numba's."""
    return pinned_array(ary.shape, ary.dtype, strides_like(ary), order_like(ary))


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False, wc=False):
    """Host memory that kernels read and write in place, as Numba's mapped
    array: a NumPy array (``MappedNDArray``) over page-locked host memory
    mapped into the device (on the CPU device, host memory its kernels
    address directly). A kernel launched with it uses it with no copy; the
    host sees the kernel's writes once the launch has finished
    (``cuda.synchronize()``). It has ``__cuda_array_interface__``."""
    return _hostvisible.mapped_array(shape, dtype, strides, order, stream, portable, wc)


def mapped_array_like(ary, stream=0, portable=False, wc=False):
    """A mapped array (see :func:`mapped_array`) with the shape and dtype
    of `ary`, contiguous in its order, as Numba's."""
    return mapped_array(ary.shape, ary.dtype, strides_like(ary), order_like(ary), stream,
                        portable, wc)


def managed_array(shape, dtype=np.float64, strides=None, order="C", stream=0,
                  attach_global=True):
    """Memory with one address for the host and kernels, as Numba's managed
    array: a NumPy array (``ManagedNDArray``) over managed memory
    (``cuMemAllocManaged`` on a GPU; on the CPU device, host memory its
    kernels address directly), used by kernels in place, as
    :func:`mapped_array`."""
    return _hostvisible.managed_array(shape, dtype, strides, order, stream, attach_global)


@contextlib.contextmanager
def pinned(*arylist):
    """``with cuda.pinned(a, b):`` — kept for source compatibility (no-op)."""
    yield


@contextlib.contextmanager
def defer_cleanup():
    """``with cuda.defer_cleanup():`` as numba-cuda's: numba-cuda defers
    freeing device memory inside it so that no free synchronises the
    device. kernelc frees an array's memory when the array is collected,
    through the driver's free, which waits for work still using it, so
    nothing needs deferring: the block runs as it is."""
    yield


# ---------------------------------------------------------------------------
# Devices


class _GPUs:
    """``cuda.gpus``: the devices kernels can run on (the GPUs, or the CPU
    device when there is none)."""

    def __len__(self):
        return len(_runtime.device_list())

    def __getitem__(self, i):
        return _DeviceRef(_runtime.device_list()[i])

    def __iter__(self):
        return (_DeviceRef(d) for d in _runtime.device_list())

    @property
    def current(self):
        return get_current_device()

    def __repr__(self):
        return "<kernelc devices: " + ", ".join(d.name for d in _runtime.device_list()) + ">"


class _DeviceRef:
    """One entry of ``cuda.gpus``; ``with cuda.gpus[i]:`` makes it current."""

    def __init__(self, info):
        self._info = info

    def __getattr__(self, name):
        return getattr(self._info, name)

    def __enter__(self):
        self._prev = _runtime.current_index()
        _runtime.select(self._info.id)
        return get_current_device()

    def __exit__(self, *exc):
        _runtime.select(self._prev)

    def __repr__(self):
        return f"<kernelc device {self._info.id}: {self._info.name}>"


gpus = _GPUs()


def list_devices():
    """The devices kernels can run on, as numba-cuda's ``cuda.list_devices()``
    (the entries of :data:`gpus`)."""
    return list(gpus)


def select_device(device_id=0):
    """Makes device `device_id` current and returns it."""
    _runtime.select(int(device_id))
    return get_current_device()


def get_current_device():
    """The current device: ``.name``, ``.id``, ``.compute_capability``,
    ``.is_cpu``, and a few of Numba's attributes (``MAX_THREADS_PER_BLOCK``,
    ``WARP_SIZE``, ``MULTIPROCESSOR_COUNT``)."""
    return _runtime.current()


class _Context:
    def __init__(self, device):
        self.device = device

    def get_memory_info(self):
        return self.device.memory_info()

    def synchronize(self):
        self.device.synchronize()

    def memalloc(self, nbytes):
        """`nbytes` bytes of device memory, as numba-cuda's context gives
        them (``cuda.cudadrv.driver``'s functions take it; freed when no
        longer referenced)."""
        return self.device.alloc(nbytes)

    def get_default_stream(self):
        return self.device.default_stream()

    def reset(self):
        pass


def current_context(devnum=None):
    if devnum is not None:
        select_device(devnum)
    return _Context(_runtime.current())


def close():
    """Closes the current device (it is reopened on next use)."""
    _runtime.close()


def detect():
    """Prints the devices kernels can run on; True when there is one. The
    first line is numba-cuda's ("Found N CUDA devices", as its simulator
    also says it); the CPU device's entry says that it runs on the CPU."""
    devices = _runtime.device_list()
    print(f"Found {len(devices)} CUDA devices")
    for d in devices:
        cc = ".".join(map(str, d.compute_capability))
        print(f"id {d.id:<3} {d.name!r:>40} {'[SUPPORTED]':>15}")
        print(f"{'Compute Capability:':>40} {cc}")
        if d.is_cpu:
            print(f"{'Runs':>40} the PTX kernelc emits, on the CPU (no GPU found)")
    print(f"Summary:\n\t{len(devices)}/{len(devices)} devices are supported")
    return bool(devices)


def is_supported_version() -> bool:
    """numba-cuda's check that the CUDA runtime is a version it is tested
    with. Always True: kernelc needs no CUDA runtime (it writes PTX itself,
    runs it on the CPU device or loads it through the driver)."""
    return True


def is_available() -> bool:
    """True when kernels can run: on a GPU, or on the CPU device when no GPU
    is usable (like Numba's simulator). See :func:`is_gpu_available`."""
    try:
        return bool(_runtime.device_list())
    except KernelcError:
        return False


def is_float16_supported() -> bool:
    """Whether kernels can use float16 (numba-cuda: the current device's
    ``supports_float16``, compute capability 5.3 or later). Always True:
    kernelc computes float16 in float32 on every target, and the CPU
    device runs it."""
    return True


def is_bfloat16_supported() -> bool:
    """Whether kernels can use bfloat16 (numba-cuda: compute capability
    8.0 or later). Always True: kernelc computes bfloat16 with float32 and
    integer instructions on every target, and the CPU device runs them."""
    return True


def is_gpu_available() -> bool:
    """True when a real GPU is usable."""
    return _runtime.gpu_available()


def synchronize():
    """Waits until all work on the current device is done."""
    _runtime.current().synchronize()


def set_launch_timeout(seconds):
    """kernelc only (not in Numba): limits how long each later launch on the
    current device may run, in seconds (``None`` or 0: no limit, the
    default). A launch that runs longer is stopped and raises
    :class:`kernelc.LaunchTimeout`; the device stays usable. Only the CPU
    device can stop a kernel: on a GPU only ``None``/0 is accepted."""
    _runtime.current().set_launch_timeout(seconds)


def stream():
    """A new stream on the current device."""
    return _runtime.current().create_stream()


def default_stream():
    return _runtime.current().default_stream()


def external_stream(ptr):
    """A stream object for a stream another library created (its
    ``CUstream`` handle as an int, as from CuPy's ``stream.ptr`` or
    PyTorch's ``stream.cuda_stream``), as Numba's: kernels launch on it and
    ``synchronize()`` waits for it; kernelc never destroys it, so its owner
    keeps it alive while it is used. 0 is the default stream. On the CPU
    device, which has no driver streams, the handle only names the stream:
    work on it is done when each call returns."""
    return _runtime.current().create_external_stream(ptr)


legacy_default_stream = default_stream
per_thread_default_stream = default_stream


def event(timing=True):
    """A new event (``record``, ``synchronize``, ``wait``, ``query``,
    ``elapsed_time``)."""
    return _runtime.current().create_event(timing)


def event_elapsed_time(evtstart, evtend) -> float:
    """Milliseconds between two recorded events."""
    return evtstart.elapsed_time(evtend)


def profile_start():
    pass


def profile_stop():
    pass


@contextlib.contextmanager
def profiling():
    yield


# ---------------------------------------------------------------------------
# Kernel-side names: compiled from the source, never run on the host.


def _kernel_only(name):
    def f(*args, **kwargs):
        raise KernelcError(f"cuda.{name}() can only be used inside a kernel")

    f.__name__ = name
    f.__qualname__ = name
    f.__doc__ = f"``cuda.{name}`` (kernel code only)."
    # An intrinsic, not a device function, when a kernel names it bare
    # (`from kernelc.cuda import literal_unroll`).
    f._kc_intrinsic = True
    return f


class _Dim3:
    def __init__(self, name):
        self._name = name

    def _fail(self):
        raise KernelcError(f"cuda.{self._name} can only be used inside a kernel")

    x = property(lambda self: self._fail())
    y = property(lambda self: self._fail())
    z = property(lambda self: self._fail())

    def __repr__(self):
        return f"<cuda.{self._name} (kernel code only)>"


class _Namespace:
    def __init__(self, name, members):
        self._name = name
        for m in members:
            setattr(self, m, _kernel_only(f"{name}.{m}"))

    def __repr__(self):
        return f"<cuda.{self._name} (kernel code only)>"


threadIdx = _Dim3("threadIdx")
blockIdx = _Dim3("blockIdx")
blockDim = _Dim3("blockDim")
gridDim = _Dim3("gridDim")
laneid = _Dim3("laneid")
warpsize = 32
shared = _Namespace("shared", ["array"])
local = _Namespace("local", ["array"])
const = _Namespace("const", ["array_like"])
atomic = _Namespace(
    "atomic", ["add", "sub", "max", "min", "and_", "or_", "xor", "exch", "inc", "dec", "cas",
               "nanmax", "nanmin"]
)
grid = _kernel_only("grid")
gridsize = _kernel_only("gridsize")
syncthreads = _kernel_only("syncthreads")
syncthreads_count = _kernel_only("syncthreads_count")
syncthreads_and = _kernel_only("syncthreads_and")
syncthreads_or = _kernel_only("syncthreads_or")
syncwarp = _kernel_only("syncwarp")
nanosleep = _kernel_only("nanosleep")
threadfence = _kernel_only("threadfence")
threadfence_block = _kernel_only("threadfence_block")
threadfence_system = _kernel_only("threadfence_system")
shfl_sync = _kernel_only("shfl_sync")
shfl_up_sync = _kernel_only("shfl_up_sync")
shfl_down_sync = _kernel_only("shfl_down_sync")
shfl_xor_sync = _kernel_only("shfl_xor_sync")
all_sync = _kernel_only("all_sync")
any_sync = _kernel_only("any_sync")
eq_sync = _kernel_only("eq_sync")
ballot_sync = _kernel_only("ballot_sync")
activemask = _kernel_only("activemask")
lanemask_lt = _kernel_only("lanemask_lt")
popc = _kernel_only("popc")
clz = _kernel_only("clz")
ffs = _kernel_only("ffs")
brev = _kernel_only("brev")
fma = _kernel_only("fma")
cbrt = _kernel_only("cbrt")
selp = _kernel_only("selp")
# Loads and stores with a cache hint (numba-cuda's `cache_hints.py`).
ldca = _kernel_only("ldca")
ldcg = _kernel_only("ldcg")
ldcs = _kernel_only("ldcs")
ldlu = _kernel_only("ldlu")
ldcv = _kernel_only("ldcv")
stcg = _kernel_only("stcg")
stcs = _kernel_only("stcs")
stwb = _kernel_only("stwb")
stwt = _kernel_only("stwt")
literal_unroll = _kernel_only("literal_unroll")
match_any_sync = _kernel_only("match_any_sync")
match_all_sync = _kernel_only("match_all_sync")
# Cooperative groups (`cuda.cg.this_grid()`).
cg = _Namespace("cg", ["this_grid"])


# CUDA vector types (numba-cuda's `float32x4`, `int2`, `uchar4`, ...):
# constructed and read in kernels only.
_VECTOR_BASES = (
    ("int8", "char"), ("int16", "short"), ("int32", "int"), ("int64", "long"),
    ("int64", "longlong"), ("uint8", "uchar"), ("uint16", "ushort"), ("uint32", "uint"),
    ("uint64", "ulong"), ("uint64", "ulonglong"), ("float32", "float"), ("float64", "double"),
)
VECTOR_TYPES = tuple(sorted(
    {f"{base}x{n}" for base, _ in _VECTOR_BASES for n in range(1, 5)}
    | {f"{alias}{n}" for _, alias in _VECTOR_BASES for n in range(1, 5)}
))
# An alias is the same object as the type it names (`cuda.char4 is
# cuda.int8x4`), as in numba-cuda.
globals().update({f"{base}x{n}": _kernel_only(f"{base}x{n}") for base, _ in _VECTOR_BASES
                  for n in range(1, 5)})
globals().update({f"{alias}{n}": globals()[f"{base}x{n}"] for base, alias in _VECTOR_BASES
                  for n in range(1, 5)})
__all__ += list(VECTOR_TYPES)


@functools.lru_cache(maxsize=None)
def _members():
    g = globals()
    names = [n for n in __all__ if n in g and not isinstance(g[n], (int, float))]
    # An object under several names (a vector type and its aliases) is
    # known by its own name (`int8x4`, not `char4`).
    own = [n for n in names if getattr(g[n], "__name__", None) == n]
    members = {}
    for n in own + names:
        members.setdefault(id(g[n]), n)
    return members


def _member_name(value):
    """The name under which `value` is a member of this module (for the
    kernel view's imports), or None."""
    return _members().get(id(value))
