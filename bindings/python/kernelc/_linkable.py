"""Code given to ``link=`` (of ``cuda.jit`` and ``cuda.declare_device``), as
numba-cuda takes it: paths of PTX (``.ptx``) and CUDA C (``.cu``) files,
and code held in memory (:class:`PTXSource`, :class:`CUSource`, or
numba-cuda's own objects of those names). kernelc links PTX: CUDA C is
compiled to PTX first with NVRTC (``kernelc._nvrtc``), as numba-cuda
compiles it, for the architecture of the kernel it is linked with.
Cubins, fatbins, objects, archives and LTO-IR are refused by name."""

from __future__ import annotations

import importlib.util
import os

from .errors import KernelcError


class LinkableCode:
    """Code to link, held in memory: ``data`` (text, bytes, or a
    ``StringIO``/``BytesIO``) and the ``name`` used in messages."""

    kind = ""
    default_name = "<unnamed>"

    def __init__(self, data, name=None, setup_callback=None, teardown_callback=None, nrt=False):
        if setup_callback is not None or teardown_callback is not None:
            raise NotImplementedError("kernelc does not run link callbacks")
        if nrt:
            raise NotImplementedError("kernelc has no NRT to link")
        self._data = data
        self._name = name

    @property
    def name(self):
        return self._name or self.default_name

    @property
    def data(self):
        getvalue = getattr(self._data, "getvalue", None)
        return getvalue() if getvalue is not None else self._data


class PTXSource(LinkableCode):
    """PTX text in memory."""

    kind = "ptx"
    default_name = "<unnamed-ptx>"


class CUSource(LinkableCode):
    """CUDA C/C++ source in memory, compiled with NVRTC when linked."""

    kind = "cu"
    default_name = "<unnamed-cu>"


def _text(data, name) -> str:
    if isinstance(data, bytes):
        try:
            return data.decode()
        except UnicodeDecodeError:
            raise KernelcError(f"cannot link '{name}': it is not UTF-8 text") from None
    return data


def _include_dirs():
    """Header directories for CUDA C: the CUDA headers of the installed
    ``nvidia-*`` wheels (runtime, cuRAND, CCCL) and numba-cuda's own, then
    ``cuda.config.CUDA_NVRTC_EXTRA_SEARCH_PATHS`` (as numba-cuda's) and
    ``$KERNELC_NVRTC_INCLUDE`` (``:``-separated lists)."""
    dirs = []
    for package in ("nvidia.cuda_runtime", "nvidia.curand", "nvidia.cuda_cccl"):
        try:
            spec = importlib.util.find_spec(package)
        except (ImportError, ValueError):
            spec = None
        for d in (spec.submodule_search_locations or []) if spec else []:
            inc = os.path.join(d, "include")
            if os.path.isdir(inc):
                dirs.append(inc)
    try:
        numba_cuda = importlib.util.find_spec("numba.cuda")
    except (ImportError, ValueError):
        numba_cuda = None
    if numba_cuda is not None and numba_cuda.origin:
        inc = os.path.join(os.path.dirname(numba_cuda.origin), "include", "12")
        if os.path.isdir(inc):
            dirs.append(inc)
    from .cuda import config

    extra = config.CUDA_NVRTC_EXTRA_SEARCH_PATHS or ""
    dirs += [d for d in extra.split(":") if d]
    dirs += [d for d in os.environ.get("KERNELC_NVRTC_INCLUDE", "").split(":") if d]
    return dirs


def compile_cuda_c(source: str, name: str, arch: str) -> str:
    """The PTX of CUDA C `source` for `arch` (``sm_80``), as numba-cuda
    compiles what it links: relocatable device code (so device functions
    stay), with the CUDA headers on the include path."""
    from . import _nvrtc

    options = ["-rdc=true", *(f"-I{d}" for d in _include_dirs())]
    virtual = "compute_" + arch.removeprefix("sm_")
    try:
        return _nvrtc.compile_ptx(source, name, arch=virtual, options=options)
    except _nvrtc.NvrtcUnavailable as e:
        raise KernelcError(f"cannot link the CUDA C '{name}': {e}") from None
    except _nvrtc.NvrtcError as e:
        raise KernelcError(f"cannot link the CUDA C '{name}': NVRTC refused it:\n{e.log}") from None


def ptx_of(item, arch: str) -> bytes:
    """The PTX text of one ``link=`` item, for a module built for `arch`."""
    if isinstance(item, (str, os.PathLike)):
        path = os.fspath(item)
        ext = os.path.splitext(path)[1].lower()
        if ext not in (".ptx", ".cu"):
            raise KernelcError(
                f"cannot link '{path}': kernelc links PTX (.ptx) and CUDA C (.cu) files, "
                "not cubins, fatbins, objects, archives or LTO-IR"
            )
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise KernelcError(f"cannot read the file to link '{path}': {e.strerror}") from None
        kind, name = ext[1:], path
    else:
        # kernelc's own classes, or numba-cuda's of the same names.
        kind = {"PTXSource": "ptx", "CUSource": "cu"}.get(type(item).__name__)
        if kind is None or not hasattr(item, "data"):
            raise KernelcError(
                f"cannot link {item!r}: kernelc links paths of .ptx and .cu files, "
                "PTXSource and CUSource"
            )
        data, name = item.data, item.name
    if kind == "cu":
        return compile_cuda_c(_text(data, name), os.path.basename(name), arch).encode()
    text = data if isinstance(data, bytes) else data.encode()
    if b"\0" in text:
        raise KernelcError(f"cannot link '{name}': it holds a NUL byte (PTX is text)")
    return text
