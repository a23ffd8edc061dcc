"""Finding and loading ``libkernelc`` (kernelc's C ABI) with ctypes, and
the prototypes of its functions.

The library is looked for, in order:

1. ``KERNELC_LIBRARY``: the path of a ``libkernelc`` shared library;
2. next to this file (where ``pip install`` puts the one it builds);
3. a source checkout's cargo target directories (``$CARGO_TARGET_DIR``,
   ``<repo>/target``), release then debug, for development;
4. the system's library path (``ctypes.util.find_library("kernelc")``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading
from ctypes import (
    POINTER, Structure, c_bool, c_char_p, c_double, c_int, c_int64, c_size_t,
    c_uint32, c_uint64, c_void_p,
)

from .errors import (
    CompileError, CudaDriverError, CudaSupportError, KernelcError, LaunchError,
    ContextLost, LaunchInterrupted, LaunchTimeout, LibraryNotFound, TypingError,
    launch_error,
)

__all__ = ["lib", "check", "library_path", "KC"]

if sys.platform == "darwin":
    _NAMES = ["libkernelc.dylib"]
elif sys.platform == "win32":
    _NAMES = ["kernelc.dll"]
else:
    _NAMES = ["libkernelc.so"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("KERNELC_LIBRARY")
    if env:
        yield env
        return
    for n in _NAMES:
        yield os.path.join(_HERE, n)
    # A source checkout: bindings/python/kernelc -> repository root.
    roots = []
    if os.environ.get("CARGO_TARGET_DIR"):
        roots.append(os.environ["CARGO_TARGET_DIR"])
    repo = os.path.dirname(os.path.dirname(os.path.dirname(_HERE)))
    if os.path.exists(os.path.join(repo, "Cargo.toml")):
        roots.append(os.path.join(repo, "target"))
    for root in roots:
        for profile in ("release", "debug"):
            for n in _NAMES:
                yield os.path.join(root, profile, n)
    found = ctypes.util.find_library("kernelc")
    if found:
        yield found


class KC:
    """The C API's constants."""

    OK = 0
    ERROR_INVALID_ARGUMENT = 1
    ERROR_NULL_POINTER = 2
    ERROR_COMPILE = 3
    ERROR_LAUNCH = 4
    ERROR_DEVICE = 5
    ERROR_NO_GPU = 6
    ERROR_PANIC = 7
    ERROR_NOT_FOUND = 8
    ERROR_BUFFER_TOO_SMALL = 9
    ERROR_INTERRUPTED = 10
    ERROR_TIMEOUT = 11
    ERROR_CONTEXT_LOST = 12

    DTYPE_NONE = 0
    DTYPE_RECORD = 13  # an array of records; a kc_arg's value.u is the record's size
    PARAM_SCALAR = 1
    PARAM_ARRAY = 2
    PARAM_TUPLE = 3
    LAYOUT_NONE = 0
    LAYOUT_C = 1
    LAYOUT_F = 2
    LAYOUT_ANY = 3
    SEVERITY_ERROR = 1
    SEVERITY_WARNING = 2
    EXPORT_NUMBA = 1
    EXPORT_C = 2


# kc_dtype values by NumPy dtype name, and back.
DTYPE_CODES = {
    "bool": 1, "int8": 2, "int16": 3, "int32": 4, "int64": 5,
    "uint8": 6, "uint16": 7, "uint32": 8, "uint64": 9,
    "float16": 10, "float32": 11, "float64": 12,
    "complex64": 14, "complex128": 15,
}
try:
    # NumPy knows bfloat16 (`np.dtype("bfloat16")`) once ml_dtypes is
    # imported; without it no array or scalar of it can be made.
    import ml_dtypes  # noqa: F401

    DTYPE_CODES["bfloat16"] = 16
except ImportError:  # pragma: no cover - ml_dtypes is a test dependency
    pass
DTYPE_NAMES = {v: k for k, v in DTYPE_CODES.items()}
LAYOUT_LETTERS = {1: "C", 2: "F", 3: "A", 0: None}


class kc_param_info(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("type_name", c_char_p),
        ("kind", c_uint32),
        ("dtype", c_uint32),
        ("ndim", c_uint32),
        ("layout", c_uint32),
        ("read", c_bool),
        ("written", c_bool),
    ]


class kc_diagnostic(Structure):
    _fields_ = [
        ("severity", c_uint32),
        ("message", c_char_p),
        ("file_name", c_char_p),
        ("line_start", c_uint32),
        ("column_start", c_uint32),
        ("line_end", c_uint32),
        ("column_end", c_uint32),
        ("notes", c_char_p),
        ("help", c_char_p),
    ]


_P = POINTER
_status = c_int

# name: (restype, argtypes). Functions a given build lacks are left out
# (the device side arrived after the compile side); using one raises.
_PROTOTYPES = {
    "kc_version": (c_char_p, []),
    "kc_status_name": (c_char_p, [c_int]),
    "kc_last_error_message": (c_char_p, []),
    # options
    "kc_options_new": (_status, [_P(c_void_p)]),
    "kc_options_free": (None, [c_void_p]),
    "kc_options_set_arch": (_status, [c_void_p, c_char_p]),
    "kc_options_set_opt_level": (_status, [c_void_p, c_int]),
    "kc_options_set_fastmath": (_status, [c_void_p, c_bool]),
    "kc_options_set_debug": (_status, [c_void_p, c_bool]),
    "kc_options_set_lineinfo": (_status, [c_void_p, c_bool]),
    "kc_options_set_keep_texts": (_status, [c_void_p, c_bool]),
    "kc_options_set_boundscheck": (_status, [c_void_p, c_bool]),
    "kc_options_set_kernel": (_status, [c_void_p, c_char_p]),
    "kc_options_set_signature": (_status, [c_void_p, c_char_p]),
    "kc_options_set_export": (_status, [c_void_p, c_uint32, c_char_p]),
    "kc_options_set_launch_bounds": (_status, [c_void_p, c_uint32, c_uint32, c_uint32]),
    "kc_options_add_const_array": (
        _status, [c_void_p, c_char_p, c_uint32, _P(c_int64), c_size_t, c_void_p, c_size_t]),
    "kc_options_add_const_record_array": (
        _status, [c_void_p, c_char_p, c_char_p, _P(c_int64), c_size_t, c_void_p, c_size_t]),
    "kc_options_add_global_array": (_status, [c_void_p, c_char_p, c_char_p]),
    # compile, modules, diagnostics
    "kc_compile": (_status, [c_char_p, c_char_p, c_void_p, _P(c_void_p), _P(c_void_p)]),
    "kc_module_free": (None, [c_void_p]),
    "kc_module_ptx": (_status, [c_void_p, _P(c_char_p), _P(c_size_t)]),
    "kc_module_export": (_status, [c_void_p, _P(c_char_p), _P(c_char_p)]),
    "kc_module_kernel_count": (_status, [c_void_p, _P(c_size_t)]),
    "kc_module_kernel_name": (_status, [c_void_p, c_size_t, _P(c_char_p)]),
    "kc_module_find_kernel": (_status, [c_void_p, c_char_p, _P(c_size_t)]),
    "kc_module_kernel_cooperative": (_status, [c_void_p, c_size_t, _P(c_bool)]),
    "kc_module_param_count": (_status, [c_void_p, c_size_t, _P(c_size_t)]),
    "kc_module_param_info": (_status, [c_void_p, c_size_t, c_size_t, _P(kc_param_info)]),
    "kc_module_types_text": (_status, [c_void_p, _P(c_char_p), _P(c_size_t)]),
    "kc_module_ir_text": (_status, [c_void_p, _P(c_char_p), _P(c_size_t)]),
    "kc_module_serialize": (_status, [c_void_p, c_void_p, c_size_t, _P(c_size_t)]),
    "kc_module_deserialize": (_status, [c_void_p, c_size_t, _P(c_void_p)]),
    "kc_diagnostics_free": (None, [c_void_p]),
    "kc_diagnostics_count": (_status, [c_void_p, _P(c_size_t)]),
    "kc_diagnostics_error_count": (_status, [c_void_p, _P(c_size_t)]),
    "kc_diagnostics_rendered": (_status, [c_void_p, _P(c_char_p)]),
    "kc_diagnostics_get": (_status, [c_void_p, c_size_t, _P(kc_diagnostic)]),
}

_lock = threading.Lock()
_lib = None
_path = None


def _load():
    global _lib, _path
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        for path in _candidates():
            if not os.path.isabs(path) and os.sep not in path:
                pass  # a bare name from find_library: let the loader search
            elif not os.path.exists(path):
                tried.append(f"{path} (not there)")
                continue
            try:
                lib = ctypes.CDLL(path)
            except OSError as e:
                tried.append(f"{path} ({e})")
                continue
            _declare(lib)
            _lib, _path = lib, path
            return lib
        raise LibraryNotFound(
            "cannot load libkernelc; tried:\n  " + "\n  ".join(tried or ["nothing"])
            + "\nreinstall the package (`pip install ./bindings/python` builds it with cargo) "
            "or set KERNELC_LIBRARY to the library's path"
        )


def _declare(lib):
    for name, (res, args) in _PROTOTYPES.items():
        try:
            f = getattr(lib, name)
        except AttributeError:
            continue
        f.restype = res
        f.argtypes = args
    from . import _device_api

    _device_api.declare(lib)


class _Lib:
    """The loaded library; attribute access loads it on first use."""

    def __getattr__(self, name):
        lib = _load()
        try:
            return getattr(lib, name)
        except AttributeError:
            raise KernelcError(
                f"this libkernelc ({_path}) has no function {name}: rebuild it from a newer kernelc"
            ) from None

    def has(self, name) -> bool:
        return hasattr(_load(), name)


lib = _Lib()


def library_path() -> str:
    _load()
    return _path


def last_error() -> str:
    msg = lib.kc_last_error_message()
    return msg.decode("utf-8", "replace") if msg else ""


_STATUS_ERRORS = {
    KC.ERROR_COMPILE: TypingError,
    KC.ERROR_LAUNCH: LaunchError,
    KC.ERROR_DEVICE: CudaDriverError,
    KC.ERROR_NO_GPU: CudaSupportError,
    KC.ERROR_INTERRUPTED: LaunchInterrupted,
    KC.ERROR_TIMEOUT: LaunchTimeout,
    KC.ERROR_CONTEXT_LOST: ContextLost,
}


def check(status: int, what: str = "", fix=None, exceptions=None) -> None:
    """Raises the exception for a failed call's status, with the library's
    last-error message (rewritten by ``fix``, when given). A launch that
    failed on an exception the kernel raised is a :class:`KernelException`
    of that exception's class (a built-in one, or one of ``exceptions``,
    the program's by name)."""
    if status == KC.OK:
        return
    message = last_error() or (what + " failed")
    if fix is not None:
        message = fix(message)
    if status == KC.ERROR_PANIC:
        raise KernelcError("internal error in libkernelc (please report it): " + message)
    if status in (KC.ERROR_INVALID_ARGUMENT, KC.ERROR_NULL_POINTER, KC.ERROR_NOT_FOUND):
        if what.startswith("kc_launch") or what.startswith("kc_device_launch"):
            raise LaunchError(message)
        raise ValueError(message)
    if status == KC.ERROR_LAUNCH:
        raise launch_error(message, exceptions)
    raise _STATUS_ERRORS.get(status, KernelcError)(message)


__all__ += ["kc_param_info", "kc_diagnostic", "DTYPE_CODES", "DTYPE_NAMES",
            "LAYOUT_LETTERS", "last_error", "CompileError", "c_double", "c_uint64"]
