"""Compiling a kernel view through ``kc_compile``: PTX, per-kernel parameter
metadata, and diagnostics raised as :class:`TypingError`."""

from __future__ import annotations

import ctypes
import re
import warnings
import weakref
from ctypes import byref, c_bool, c_char_p, c_int64, c_size_t, c_void_p
from dataclasses import dataclass

import numpy as np

from . import _lib
from ._lib import KC, DTYPE_CODES, DTYPE_NAMES, LAYOUT_LETTERS, check, kc_diagnostic, lib
from ._source import KernelView, fix_locations
from ._types import MAX_NDIM, SCALARS, Array, CPointer, Record, Tuple
from .errors import CompileError, NumbaWarning, TypingError

__all__ = ["Options", "Compiled", "Param", "compile_view"]


@dataclass(frozen=True)
class Options:
    """Compile options the decorator and the device decide."""

    arch: str = "sm_80"
    opt: int = 2
    fastmath: bool = False
    debug: bool = False
    # `lineinfo=True`: numba-cuda's line information (`.loc` directives
    # naming the device functions inlined and where), see
    # `kc_options_set_lineinfo`.
    lineinfo: bool = False
    boundscheck: bool = False
    # `cuda.jit(launch_bounds=...)`: (max threads[, min blocks[, max
    # cluster rank]]), or () for none.
    launch_bounds: tuple = ()


@dataclass
class Param:
    """One kernel parameter, as the compiler reports it."""

    name: str
    type_name: str
    kind: int  # KC.PARAM_*
    dtype: np.dtype  # scalar type or element type (None for tuples)
    dtype_code: int
    ndim: int
    layout: str  # "C", "F", "A" or None
    read: bool
    written: bool

    @property
    def type(self):
        if self.kind == KC.PARAM_SCALAR and self.type_name.endswith("*"):
            # A pointer (`float32*`, Numba's `CPointer`), passed as a uint64.
            target = self.type_name[:-1].strip()
            if target.startswith("Record("):
                return CPointer(Record.from_name(target))
            return CPointer(SCALARS[target])
        if self.kind == KC.PARAM_SCALAR:
            return SCALARS[DTYPE_NAMES[self.dtype_code]]
        if self.kind == KC.PARAM_ARRAY and self.dtype_code == KC.DTYPE_RECORD:
            if self.ndim == 0:
                # A record argument: `Record(...)`.
                return Record.from_name(self.type_name)
            # `array(Record(...), 1d, C)` (`unaligned array(...)` of packed
            # records): the record is spelled out.
            inner = self.type_name[self.type_name.index("(") + 1:].rsplit(",", 2)[0]
            return Array(Record.from_name(inner.strip()), self.ndim, self.layout)
        if self.kind == KC.PARAM_ARRAY:
            return Array(SCALARS[DTYPE_NAMES[self.dtype_code]], self.ndim, self.layout)
        return Tuple(())


def param_types(params):
    """The kernel's parameter types from its compiled parameters, where a
    tuple parameter is listed as its items, depth first (``t[0]``,
    ``t[1][0]``, ...): the items are put back together into tuples."""
    groups = []  # [name, type or nested list of item types]
    for p in params:
        base = p.name.split("[", 1)[0]
        path = [int(k) for k in re.findall(r"\[(\d+)\]", p.name)]
        if not path:
            groups.append([base, p.type])
            continue
        if not groups or groups[-1][0] != base or not isinstance(groups[-1][1], list):
            groups.append([base, []])
        node = groups[-1][1]
        for k in path[:-1]:
            while len(node) <= k:
                node.append([])
            node = node[k]
        node.append(p.type)

    def build(t):
        return Tuple(tuple(build(x) for x in t)) if isinstance(t, list) else t

    return tuple(build(t) for _, t in groups)


# How the name of a hidden parameter starts: the compiler passes each device
# array the code reads by name as a parameter "global NAME" after the
# kernel's own.
GLOBAL_PARAM_PREFIX = "global "


class Compiled:
    """A compiled module holding one kernel (owns the ``kc_module``)."""

    def __init__(self, handle, view: KernelView, signature: str, options: Options):
        self._handle = c_void_p(handle)
        self.view = view
        self.signature = signature
        self.options = options
        self._finalizer = weakref.finalize(self, _free_module, handle)
        ptx = c_char_p()
        check(lib.kc_module_ptx(self._handle, byref(ptx), None), "kc_module_ptx")
        self.ptx = ptx.value.decode("utf-8")
        index = c_size_t()
        check(
            lib.kc_module_find_kernel(self._handle, view.kernel.encode(), byref(index)),
            "kc_module_find_kernel",
        )
        self.kernel_index = index.value
        self.kernel_name = view.kernel
        coop = c_bool()
        check(
            lib.kc_module_kernel_cooperative(self._handle, index, byref(coop)),
            "kc_module_kernel_cooperative",
        )
        self.cooperative = bool(coop.value)
        count = c_size_t()
        check(lib.kc_module_param_count(self._handle, index, byref(count)), "kc_module_param_count")
        self.params = []
        for p in range(count.value):
            info = _lib.kc_param_info()
            check(lib.kc_module_param_info(self._handle, index, p, byref(info)), "kc_module_param_info")
            code = info.dtype
            self.params.append(Param(
                name=info.name.decode(),
                type_name=info.type_name.decode(),
                kind=info.kind,
                dtype=np.dtype(DTYPE_NAMES[code]) if code in DTYPE_NAMES else None,
                dtype_code=code,
                ndim=info.ndim,
                layout=LAYOUT_LETTERS.get(info.layout),
                read=bool(info.read),
                written=bool(info.written),
            ))
        # The hidden parameters after the kernel's own ("global NAME"):
        # the device arrays the code reads by name, passed at every launch.
        hidden = [p for p in self.params if p.name.startswith(GLOBAL_PARAM_PREFIX)]
        self.own_params = self.params[: len(self.params) - len(hidden)]
        self.hidden_args = tuple(
            view.global_arrays[p.name[len(GLOBAL_PARAM_PREFIX):]][0] for p in hidden)
        self._types_text = None
        self._ir_text = None

    @property
    def handle(self):
        return self._handle

    def types_text(self) -> str:
        """The typed program (``kernelc check --emit types``)."""
        if self._types_text is None:
            self._types_text = self._text(lib.kc_module_types_text, "kc_module_types_text")
        return self._types_text

    def ir_text(self) -> str:
        """The optimised mid-IR (``kernelc compile --emit ir``)."""
        if self._ir_text is None:
            self._ir_text = self._text(lib.kc_module_ir_text, "kc_module_ir_text")
        return self._ir_text

    def _text(self, fn, name: str) -> str:
        out = c_char_p()
        length = c_size_t()
        check(fn(self._handle, byref(out), byref(length)), name)
        return ctypes.string_at(out, length.value).decode("utf-8", "replace")


def _free_module(handle):
    try:
        lib.kc_module_free(c_void_p(handle))
    except Exception:  # interpreter shutdown
        pass


def _free_options(handle):
    lib.kc_options_free(c_void_p(handle))


def compile_view(view: KernelView, signature: str, options: Options) -> Compiled:
    """Compiles the kernel of `view` for `signature` (``void(...)``)."""
    return Compiled(_compile(view, signature, options), view, signature, options)


def compile_device_ptx(view: KernelView, signature: str, options: Options, abi: int,
                       name=None):
    """``(ptx, exported name, signature)`` of the device function of `view`
    compiled for `signature`'s argument types and exported in `abi`
    (``KC.EXPORT_NUMBA`` or ``KC.EXPORT_C``) under `name` (None: its own),
    as ``cuda.compile_ptx(..., device=True)`` gives it."""
    handle = _compile(view, signature, options, (abi, name))
    try:
        ptx = c_char_p()
        check(lib.kc_module_ptx(handle, byref(ptx), None), "kc_module_ptx")
        out_name, out_sig = c_char_p(), c_char_p()
        check(lib.kc_module_export(handle, byref(out_name), byref(out_sig)), "kc_module_export")
        return ptx.value.decode("utf-8"), out_name.value.decode(), out_sig.value.decode()
    finally:
        lib.kc_module_free(handle)


def _compile(view: KernelView, signature: str, options: Options, export=None) -> int:
    """The ``kc_module`` handle of `view`'s function compiled for
    `signature` with `options` (exported with `export`, ``(abi, name)``)."""
    opts = c_void_p()
    check(lib.kc_options_new(byref(opts)), "kc_options_new")
    diags = c_void_p()
    module = c_void_p()
    try:
        check(lib.kc_options_set_arch(opts, options.arch.encode()), "kc_options_set_arch")
        check(lib.kc_options_set_opt_level(opts, options.opt), "kc_options_set_opt_level")
        # For inspect_types() / inspect_ir().
        check(lib.kc_options_set_keep_texts(opts, True), "kc_options_set_keep_texts")
        if options.fastmath:
            check(lib.kc_options_set_fastmath(opts, True), "kc_options_set_fastmath")
        if options.debug:
            check(lib.kc_options_set_debug(opts, True), "kc_options_set_debug")
        if options.lineinfo:
            check(lib.kc_options_set_lineinfo(opts, True), "kc_options_set_lineinfo")
        if options.boundscheck:
            check(lib.kc_options_set_boundscheck(opts, True), "kc_options_set_boundscheck")
        if options.launch_bounds:
            bounds = tuple(options.launch_bounds) + (0,) * (3 - len(options.launch_bounds))
            check(lib.kc_options_set_launch_bounds(opts, *bounds), "kc_options_set_launch_bounds")
        check(lib.kc_options_set_kernel(opts, view.kernel.encode()), "kc_options_set_kernel")
        check(lib.kc_options_set_signature(opts, signature.encode()), "kc_options_set_signature")
        if export is not None:
            abi, name = export
            check(lib.kc_options_set_export(opts, abi, name.encode() if name else None),
                  "kc_options_set_export")
        for name, arr in view.const_arrays.items():
            if arr.dtype.names is not None:
                # An array of records: the record spelled as Numba spells it.
                if not 0 <= arr.ndim <= MAX_NDIM:
                    raise TypingError(f"constant array '{name}' has {arr.ndim} dimensions "
                                      f"(0 to {MAX_NDIM} allowed)")
                arr = np.require(arr, requirements="C")  # keeps a 0-d array 0-d
                shape = (c_int64 * arr.ndim)(*arr.shape)
                check(lib.kc_options_add_const_record_array(
                    opts, name.encode(), Record(arr.dtype).name.encode(), shape, arr.ndim,
                    c_void_p(arr.ctypes.data) if arr.nbytes else None, arr.nbytes,
                ), "kc_options_add_const_record_array")
                continue
            code = DTYPE_CODES.get(arr.dtype.name)
            if code is None:
                raise TypingError(f"constant array '{name}' has dtype {arr.dtype}, which kernels cannot use")
            if not 0 <= arr.ndim <= MAX_NDIM:
                raise TypingError(f"constant array '{name}' has {arr.ndim} dimensions "
                                  f"(0 to {MAX_NDIM} allowed)")
            shape = (c_int64 * arr.ndim)(*arr.shape)
            check(lib.kc_options_add_const_array(
                opts, name.encode(), code, shape, arr.ndim,
                c_void_p(arr.ctypes.data) if arr.nbytes else None, arr.nbytes,
            ), "kc_options_add_const_array")
        for name, (_, type_text) in view.global_arrays.items():
            check(lib.kc_options_add_global_array(opts, name.encode(), type_text.encode()),
                  "kc_options_add_global_array")
        status = lib.kc_compile(
            view.text.encode("utf-8"), view.file.encode("utf-8"), opts, byref(module), byref(diags)
        )
        if status != KC.OK:
            message = _lib.last_error()
            rendered = _rendered(diags)
            if status == KC.ERROR_COMPILE and rendered:
                raise TypingError(_typing_message(view, signature, rendered, diags))
            if status == KC.ERROR_COMPILE:
                raise CompileError(fix_locations(message, view))
            check(status, "kc_compile")
        _warn(diags)
        return module.value
    finally:
        if diags.value:
            lib.kc_diagnostics_free(diags)
        lib.kc_options_free(opts)


def _warn(diags):
    """Issues the warnings of a compile that succeeded as
    :class:`NumbaWarning` (numba-cuda warns with ``NumbaWarning``, e.g. for
    a ``print()`` of more than 32 items)."""
    if not diags.value:
        return
    n = c_size_t()
    if lib.kc_diagnostics_count(diags, byref(n)) != KC.OK:
        return
    for i in range(n.value):
        d = kc_diagnostic()
        if lib.kc_diagnostics_get(diags, i, byref(d)) != KC.OK or d.severity != KC.SEVERITY_WARNING:
            continue
        warnings.warn((d.message or b"").decode("utf-8", "replace"), NumbaWarning, stacklevel=6)


def _rendered(diags) -> str:
    if not diags.value:
        return ""
    text = c_char_p()
    if lib.kc_diagnostics_rendered(diags, byref(text)) != KC.OK or not text.value:
        return ""
    return text.value.decode("utf-8", "replace")


def _typing_message(view, signature, rendered, diags) -> str:
    n = c_size_t()
    lib.kc_diagnostics_error_count(diags, byref(n))
    count = n.value or 1
    head = (
        f"kernelc rejected '{view.kernel}' compiled as {signature.replace('none(', 'void(', 1)}: "
        f"{count} error{'s' if count != 1 else ''}"
    )
    return head + "\n" + fix_locations(rendered.rstrip(), view)
