"""NVIDIA's NVRTC (CUDA C++ to PTX at run time), through ctypes: how
``link=`` compiles CUDA C (``.cu`` files and ``cuda.CUSource``) to PTX
before linking it, as numba-cuda does.

The library comes from the PyPI wheel ``nvidia-cuda-nvrtc-cu12``
(``site-packages/nvidia/cuda_nvrtc/lib/libnvrtc.so.12``); set
``KERNELC_NVRTC=/path/to/libnvrtc.so.12`` to use another copy. Nothing is
loaded until a function is called.

    from kernelc._nvrtc import compile_ptx
    ptx = compile_ptx(open("saxpy.cu").read(), "saxpy.cu", arch="compute_80")

Kernels should be declared ``extern "C"`` so that the PTX entry names are the
source names.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
from typing import Optional, Sequence, Tuple

__all__ = ["NvrtcError", "NvrtcUnavailable", "compile_ptx", "load", "version", "library_path"]


class NvrtcUnavailable(RuntimeError):
    """libnvrtc could not be found or loaded."""


class NvrtcError(RuntimeError):
    """A compilation failed; ``log`` holds NVRTC's program log."""

    def __init__(self, message: str, log: str = ""):
        super().__init__(message + ("\n" + log if log else ""))
        self.log = log


_lib: Optional[ctypes.CDLL] = None
_lib_path: Optional[str] = None


def library_path() -> str:
    """Path of libnvrtc.so.12: $KERNELC_NVRTC, else the nvidia-cuda-nvrtc-cu12 wheel."""
    env = os.environ.get("KERNELC_NVRTC")
    if env:
        if not os.path.isfile(env):
            raise NvrtcUnavailable(f"KERNELC_NVRTC={env} does not exist")
        return env
    try:
        spec = importlib.util.find_spec("nvidia.cuda_nvrtc")
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        raise NvrtcUnavailable(
            "NVRTC not found: install nvidia-cuda-nvrtc-cu12 (pip install -r tests/nvrtc/requirements.txt) "
            "or set KERNELC_NVRTC=/path/to/libnvrtc.so.12"
        )
    dirs = list(spec.submodule_search_locations or [])
    if not dirs and spec.origin:
        dirs = [os.path.dirname(spec.origin)]
    for d in dirs:
        for name in ("libnvrtc.so.12", "libnvrtc.so"):
            p = os.path.join(d, "lib", name)
            if os.path.isfile(p):
                return p
    raise NvrtcUnavailable(f"nvidia.cuda_nvrtc is installed ({dirs}) but has no lib/libnvrtc.so.12")


def load() -> ctypes.CDLL:
    """Load libnvrtc once and declare the functions used here."""
    global _lib, _lib_path
    if _lib is not None:
        return _lib
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise NvrtcUnavailable(f"cannot load {path}: {e}") from e
    P = ctypes.c_void_p
    lib.nvrtcGetErrorString.restype = ctypes.c_char_p
    lib.nvrtcGetErrorString.argtypes = [ctypes.c_int]
    lib.nvrtcVersion.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
    lib.nvrtcCreateProgram.argtypes = [
        ctypes.POINTER(P), ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int,
        ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_char_p),
    ]
    lib.nvrtcCompileProgram.argtypes = [P, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    lib.nvrtcGetProgramLogSize.argtypes = [P, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetProgramLog.argtypes = [P, ctypes.c_char_p]
    lib.nvrtcGetPTXSize.argtypes = [P, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetPTX.argtypes = [P, ctypes.c_char_p]
    lib.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(P)]
    lib.nvrtcAddNameExpression.argtypes = [P, ctypes.c_char_p]
    lib.nvrtcGetLoweredName.argtypes = [P, ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)]
    for f in ("nvrtcVersion", "nvrtcCreateProgram", "nvrtcCompileProgram", "nvrtcGetProgramLogSize",
              "nvrtcGetProgramLog", "nvrtcGetPTXSize", "nvrtcGetPTX", "nvrtcDestroyProgram",
              "nvrtcAddNameExpression", "nvrtcGetLoweredName"):
        getattr(lib, f).restype = ctypes.c_int
    _lib, _lib_path = lib, path
    return lib


def version() -> Tuple[int, int]:
    lib = load()
    major, minor = ctypes.c_int(), ctypes.c_int()
    _check(lib, lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)), "nvrtcVersion")
    return major.value, minor.value


def _check(lib, rc: int, what: str, log: str = "") -> None:
    if rc != 0:
        msg = lib.nvrtcGetErrorString(rc).decode(errors="replace")
        raise NvrtcError(f"{what} failed: {msg} ({rc})", log)


def compile_ptx(source: str, name: str, arch: str = "compute_80", options: Sequence[str] = ()) -> str:
    """Compile CUDA C++ ``source`` (file name ``name``, used in messages) to PTX.

    ``arch`` is a virtual architecture (``compute_70``, ``compute_80``,
    ``compute_90``...); ``options`` are further NVRTC options
    (``--use_fast_math``, ``-default-device``...).  Raises ``NvrtcError``
    carrying NVRTC's log when the program does not compile."""
    lib = load()
    prog = ctypes.c_void_p()
    _check(lib, lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), name.encode(), 0, None, None),
           "nvrtcCreateProgram")
    try:
        opts = [f"--gpu-architecture={arch}", *options]
        arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
        rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
        size = ctypes.c_size_t()
        _check(lib, lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size)), "nvrtcGetProgramLogSize")
        buf = ctypes.create_string_buffer(size.value)
        _check(lib, lib.nvrtcGetProgramLog(prog, buf), "nvrtcGetProgramLog")
        log = buf.value.decode(errors="replace")
        if rc != 0:
            raise NvrtcError(f"NVRTC could not compile {name} ({arch}, options {list(options)})", log)
        _check(lib, lib.nvrtcGetPTXSize(prog, ctypes.byref(size)), "nvrtcGetPTXSize")
        buf = ctypes.create_string_buffer(size.value)
        _check(lib, lib.nvrtcGetPTX(prog, buf), "nvrtcGetPTX")
        return buf.value.decode()
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
