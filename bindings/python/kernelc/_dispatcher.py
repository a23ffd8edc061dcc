"""``@cuda.jit``: kernels (:class:`Dispatcher`), their compiled
specialisations (:class:`Overload`), launch configurations (checked as
Numba checks them), ``forall``, and device functions.

A kernel without signatures compiles one specialisation per tuple of
argument types; one with explicit signatures takes Numba's choice among
them (:mod:`kernelc._typeconv`). Signatures may be strings, kernelc's type
objects or Numba's (converted field by field)."""

from __future__ import annotations

import collections
import dataclasses
import enum
import functools
import numbers
import pickle
import sys
import threading
import warnings

import numpy as np

from . import _runtime, _types
from ._compiler import Options, compile_view, param_types
from ._diskcache import CacheStats, KernelCache
from ._hostvisible import _HostVisibleNDArray
from ._launch import config_image, make_plan
from ._source import build_view
from ._typeconv import resolve
from ._types import (
    Array, Signature, Tuple, Type, _is_type, as_signature, named_classes, number_class_of,
    signature_text, type_key, typeof,
)
from .errors import KernelcError, performance_warning_class

__all__ = ["Dispatcher", "DeviceFunction", "Overload", "parse_sigs", "signatures"]


_MISSING_LAUNCH_CONFIG = """
Kernel launch configuration was not specified. Use the syntax:

kernel_function[blockspergrid, threadsperblock](arg0, arg1, ..., argn)

See https://numba.readthedocs.io/en/stable/cuda/kernels.html#kernel-invocation for help.

"""


def _dims(dim, name):
    """A launch dimension as a 3-tuple of ints, checked as Numba's
    ``normalize_kernel_dimensions`` does (same exceptions and messages: an
    int or a tuple or list of at most 3 integers; an empty one is 1), and
    then that every extent is positive: Numba leaves that to the driver
    (``CUDA_ERROR_INVALID_VALUE`` at launch), kernelc says so here."""
    dim = list(dim) if isinstance(dim, (tuple, list)) else [dim]
    if len(dim) > 3:
        raise ValueError("%s must be a sequence of 1, 2 or 3 integers, got %r" % (name, dim))
    for v in dim:
        if not isinstance(v, numbers.Integral):
            raise TypeError("%s must be a sequence of integers, got %r" % (name, dim))
    dims = tuple(int(v) for v in dim) + (1,) * (3 - len(dim))
    if any(v <= 0 for v in dims):
        # numba-cuda's words (cuda.core's LaunchConfig, at launch).
        what = "grid" if name == "griddim" else "block"
        raise ValueError(f"LaunchConfig.{what} values must be >= 1 (got {dims})")
    return dims


class _LaunchConfig:
    """``kernel[griddim, blockdim, stream, sharedmem]``: call it with the
    arguments to launch. Made once per configuration and dispatcher (see
    ``Dispatcher.__getitem__``).

    ``pre_launch_callbacks``, as Numba's: functions called with
    ``(kernel, launch_config)`` just before each launch, ``kernel`` the
    specialisation that runs. A configuration pickles (the dispatcher by
    its source, the stream by its handle, as Numba's) unless it has
    callbacks."""

    __slots__ = ("dispatcher", "griddim", "blockdim", "stream", "sharedmem", "_dims", "_image",
                 "_plans", "_extensions", "few_blocks", "pre_launch_callbacks")

    def __init__(self, dispatcher, griddim, blockdim, stream=0, sharedmem=0):
        if griddim is None or blockdim is None:
            raise ValueError(_MISSING_LAUNCH_CONFIG)
        self.dispatcher = dispatcher
        self.griddim = _dims(griddim, "griddim")
        self.blockdim = _dims(blockdim, "blockdim")
        self.stream = stream
        self.sharedmem = int(sharedmem)
        if not 0 <= self.sharedmem < 2**32:
            raise ValueError(
                f"dynamic shared memory must be 0 to 2**32 - 1 bytes, not {self.sharedmem}")
        self._dims = (_runtime.dim3(self.griddim), _runtime.dim3(self.blockdim))
        # The configuration as plans write it into their kc_launch_request
        # (None for a stream plans cannot pass: the general path says why).
        self._image = config_image(self.griddim, self.blockdim, self.sharedmem, stream)
        self._plans = dispatcher._plans  # emptied, never replaced
        self._extensions = dispatcher._extensions  # changed in place, never replaced
        # Fewer blocks than Numba's low-occupancy threshold (see
        # `_warn_low_occupancy`).
        g = self.griddim
        self.few_blocks = g[0] * g[1] * g[2] < _LOW_OCCUPANCY_BLOCKS
        self.pre_launch_callbacks = []

    def __reduce__(self):
        if self.pre_launch_callbacks:
            raise pickle.PicklingError(
                "Cannot pickle configured launches with pre-launch callbacks")
        stream = int(self.stream.handle) if self.stream else 0
        return (_rebuild_launch_config,
                (self.dispatcher, self.griddim, self.blockdim, stream, self.sharedmem))

    def __call__(self, *args):
        # The fast path: a plan made by an earlier launch (see _launch), the
        # one used last first (it checks the arguments' types itself, so
        # they need no key), then those made for these arguments' Python
        # types, when no extension or callback has to see the launch first.
        if not self._extensions and not self.pre_launch_callbacks:
            plans = self._plans
            plan = plans.recent
            if plan is not None and plan.launch(args, self):
                return
            for plan in plans.get(tuple(map(type, args)), ()):
                if plan.launch(args, self):
                    plans.recent = plan
                    return
        self._launch_general(args)

    def _launch_general(self, args):
        """Types the arguments, picks the overload, launches, and then
        keeps a launch plan for arguments of these types."""
        types = tuple(map(type, args))
        # Host NumPy arrays are copied: numba-cuda's warning (plans give
        # it for the arrays they take).
        copies = _COPIES.get(types)
        if copies is None:
            copies = _copies_host_arrays(types)
        if copies:
            _warn_implicit_copies(args, 4)
        dispatcher = self.dispatcher
        overload = dispatcher._overload_for(args)
        for callback in self.pre_launch_callbacks:
            callback(overload, self)
        if self._extensions:
            _launch_with_extensions(overload, self._extensions, args, self._dims, self.stream,
                                    self.sharedmem)
            return
        if any(getattr(a, "_kc_arg_hint", False) for a in args):
            _launch_with_hints(overload, args, self._dims, self.stream, self.sharedmem)
            return
        overload.launch(args, self._dims[0], self._dims[1], self.stream, self.sharedmem)
        key = types
        made = dispatcher._plans_made.get(key, 0)
        if made < _PLANS_MADE_PER_KEY:
            plan = make_plan(overload, args)
            if plan is not None:
                dispatcher._plans_made[key] = made + 1
                _keep_plan(dispatcher, key, plan)


# Numba's threshold for its low-occupancy warning: a grid of fewer blocks
# (numba-cuda's `_LaunchConfiguration`: ideally twice the SMs, which vary
# from 4 to 132 and more).
_LOW_OCCUPANCY_BLOCKS = 128


# kernelc.cuda.config, once imported (with kernelc.cuda): cached configs
# read its switch without a call (see Dispatcher.__getitem__).
_config = None


def _load_config():
    global _config
    _config = sys.modules["kernelc.cuda.config"]
    return _config


def _warn_low_occupancy(cfg):
    """Numba's ``NumbaPerformanceWarning`` for a launch configuration of
    fewer than 128 blocks, given each time such a configuration is made
    (``kernel[griddim, blockdim]``, ``configure``), as Numba gives it,
    unless ``cuda.config`` turns it off."""
    config = sys.modules["kernelc.cuda.config"]  # imported with kernelc.cuda
    if config.CUDA_LOW_OCCUPANCY_WARNINGS and not config.DISABLE_PERFORMANCE_WARNINGS:
        g = cfg.griddim
        msg = (f"Grid size {g[0] * g[1] * g[2]} will likely result in GPU "
               "under-utilization due to low occupancy.")
        warnings.warn(msg, performance_warning_class(), stacklevel=3)


# Whether arguments of these Python types include a host NumPy array (of
# any ndarray class but the mapped and managed ones kernels use in place).
_COPIES = {}


def _copies_host_arrays(types) -> bool:
    copies = any(issubclass(t, np.ndarray) and not issubclass(t, _HostVisibleNDArray)
                 for t in types)
    if len(_COPIES) > 256:
        _COPIES.clear()
    _COPIES[types] = copies
    return copies


def _warn_implicit_copies(args, stacklevel):
    """numba-cuda's ``NumbaPerformanceWarning`` for each host NumPy array
    a launch copies to the device and back (not a device array, nor a
    mapped or managed array kernels use in place, nor one wrapped in
    ``cuda.In``/``Out``/``InOut``, which says the copy is wanted), unless
    ``cuda.config`` turns it off; `stacklevel` counts from this function's
    caller (the user's call is at 4 when the launch path is
    ``_LaunchConfig.__call__`` and one function below it)."""
    config = sys.modules["kernelc.cuda.config"]  # imported with kernelc.cuda
    if not config.CUDA_WARN_ON_IMPLICIT_COPY or config.DISABLE_PERFORMANCE_WARNINGS:
        return
    for a in args:
        if isinstance(a, np.ndarray) and not isinstance(a, _HostVisibleNDArray):
            msg = "Host array used in CUDA kernel will incur copy overhead to/from device."
            warnings.warn(msg, performance_warning_class(), stacklevel=stacklevel)


# Plans kept per tuple of argument Python types: arrays of several dtypes
# (or ranks, layouts) may take turns in the same positions; a launch tries
# them in turn (about 0.2 µs each that does not fit).
_PLANS_PER_KEY = 8
# Making a plan costs about 0.25 ms (compiling its function): past this
# many for one tuple of Python types (more kinds of arrays taking turns
# than are kept, or the current device changing back and forth), launches
# with those types stay on the general path.
_PLANS_MADE_PER_KEY = 32


class _Plans(dict):
    """A dispatcher's launch plans: tuple of argument Python types -> the
    ``_launch.LaunchPlan``s made for them, newest first; ``recent``, the
    plan that launched last (tried first, before the key is computed),
    forgotten with the others when they are cleared."""

    __slots__ = ("recent",)

    def __init__(self):
        super().__init__()
        self.recent = None

    def clear(self):
        self.recent = None
        super().clear()


def _keep_plan(dispatcher, key, plan):
    """Puts `plan` first among the dispatcher's plans for `key`, dropping
    those made for another current device and the oldest beyond
    `_PLANS_PER_KEY`; it is the one tried first next time."""
    plans = dispatcher._plans
    if len(plans) >= 64:
        plans.clear()
        dispatcher._plans_made.clear()
    kept = [p for p in plans.get(key, ()) if p.generation == plan.generation]
    plans[key] = (plan, *kept[: _PLANS_PER_KEY - 1])
    plans.recent = plan


def _launch_with_hints(overload, args, dims, stream, sharedmem):
    """A launch with ``cuda.In/Out/InOut`` arguments: each is replaced by
    a device array (copied in for In and InOut) and, after the launch,
    copied back into its host array (Out and InOut), as Numba's
    ``ArgHint.to_device``."""
    after = []
    args = tuple(a.to_device(after, stream) if getattr(a, "_kc_arg_hint", False) else a for a in args)
    overload.launch(args, dims[0], dims[1], stream, sharedmem)
    for f in after:
        f()


def _launch_with_extensions(overload, extensions, args, dims, stream, sharedmem):
    """A launch of a kernel with extensions (``cuda.jit(extensions=[...])``
    or ``kernel.extensions``), as numba-cuda's ``_Kernel.launch``: each
    argument, with its type in the chosen specialisation, goes through every
    extension's ``prepare_args(ty, val, stream=, retr=)``, the last one
    first; what they return is launched (``cuda.In/Out/InOut`` hints
    included), then the ``retr`` callbacks they added run."""
    retr = []
    prepared = []
    for ty, val in zip(overload.argtypes, args):
        for extension in reversed(extensions):
            ty, val = extension.prepare_args(ty, val, stream=stream, retr=retr)
        prepared.append(val)
    _launch_with_hints(overload, tuple(prepared), dims, stream, sharedmem)
    for callback in retr:
        callback()


class _ForAll:
    """``kernel.forall(ntasks)``: launches enough 1-D blocks for `ntasks`
    threads (none when `ntasks` is 0), as Numba's ``ForAll``."""

    def __init__(self, dispatcher, ntasks, tpb, stream, sharedmem):
        if ntasks < 0:
            raise ValueError("Can't create ForAll with negative task count: %s" % ntasks)
        self.dispatcher = dispatcher
        self.ntasks = ntasks
        self.thread_per_block = tpb
        self.stream = stream
        self.sharedmem = sharedmem

    def __call__(self, *args):
        if self.ntasks == 0:
            return
        tpb = int(self.thread_per_block) or 128
        blocks = (int(self.ntasks) + tpb - 1) // tpb
        self.dispatcher[blocks, tpb, self.stream, self.sharedmem](*args)


class Overload:
    """One compiled specialisation of a kernel."""

    def __init__(self, dispatcher, argtypes, compiled):
        self.dispatcher = dispatcher
        self.argtypes = tuple(argtypes)
        self.compiled = compiled
        self.params = compiled.params
        self.signature = compiled.signature
        self._loaded = {}  # device id -> loaded module

    def inspect_asm(self, cc=None):
        """The PTX of this specialisation, for compute capability `cc`
        (``(major, minor)``; None: the one it was compiled for), as
        numba-cuda's compiled kernel's ``inspect_asm(cc)``."""
        compiled = self.compiled
        if cc is None or f"sm_{cc[0]}{cc[1]}" == compiled.options.arch:
            return compiled.ptx
        options = dataclasses.replace(compiled.options, arch=f"sm_{cc[0]}{cc[1]}")
        return compile_view(compiled.view, compiled.signature, options).ptx

    def _loaded_here(self):
        device = _runtime.current()
        loaded = self._loaded.get(device.key)
        if loaded is None:
            options = self.dispatcher.targetoptions
            link = tuple(options.get("link", ()))
            link += tuple(p for p in self.compiled.view.link if p not in link)
            loaded = device.load(self.compiled, link)
            carveout = options.get("shared_memory_carveout")
            if carveout is not None:
                loaded.set_shared_memory_carveout(self.compiled.kernel_name, carveout)
            self._loaded[device.key] = loaded
        return loaded

    def _attributes(self):
        return self._loaded_here().kernel_attributes(self.compiled.kernel_name)

    @property
    def regs_per_thread(self) -> int:
        return int(self._attributes().registers_per_thread)

    @property
    def const_mem_size(self) -> int:
        return int(self._attributes().const_bytes)

    @property
    def shared_mem_per_block(self) -> int:
        return int(self._attributes().shared_bytes)

    @property
    def max_threads_per_block(self) -> int:
        return int(self._attributes().max_threads_per_block)

    @property
    def local_mem_per_thread(self) -> int:
        return int(self._attributes().local_bytes_per_thread)

    @property
    def cooperative(self) -> bool:
        """True when the kernel uses cooperative groups
        (``cuda.cg.this_grid()``, itself or through a device function): it
        is then launched cooperatively, as numba-cuda's kernels are."""
        return bool(self.compiled.cooperative)

    def max_cooperative_grid_blocks(self, blockdim, dynsmemsize=0):
        """The most blocks of ``blockdim`` threads (an int, or a tuple for
        2-D and 3-D blocks) with ``dynsmemsize`` bytes of dynamic shared
        memory that a cooperative launch of this kernel may have on the
        current device, as numba-cuda's ``_Kernel.max_cooperative_grid_blocks``."""
        if isinstance(blockdim, tuple):
            threads = 1
            for d in blockdim:
                threads *= int(d)
        else:
            threads = int(blockdim)
        if threads < 1 or int(dynsmemsize) < 0:
            raise ValueError(
                f"max_cooperative_grid_blocks: block of {threads} threads, "
                f"{dynsmemsize} bytes of dynamic shared memory"
            )
        loaded = self._loaded_here()
        return loaded.max_cooperative_blocks(
            self.compiled.kernel_name, min(threads, 2**32 - 1), min(int(dynsmemsize), 2**32 - 1)
        )

    def launch(self, args, griddim, blockdim, stream, sharedmem):
        # A tuple argument is passed as its items, depth first, as the
        # compiled kernel lists a tuple parameter's items.
        args = tuple(_flatten_tuples(args))
        own = len(self.compiled.own_params)
        if len(args) != own:
            raise TypeError(
                f"kernel '{self.compiled.kernel_name}' takes {own} "
                f"argument{'s' if own != 1 else ''}, {len(args)} given"
            )
        # The device arrays the kernel reads by name: its hidden parameters.
        args += self.compiled.hidden_args
        loaded = self._loaded_here()
        loaded.device.launch(loaded, self, args, griddim, blockdim, stream, sharedmem)


def _flatten_tuples(args):
    """The arguments with every tuple replaced by its items, depth first,
    and number types given as values (``np.float32``) left out: they have
    no data at launch."""
    for a in args:
        if isinstance(a, tuple):
            yield from _flatten_tuples(a)
        elif isinstance(a, enum.Enum) and isinstance(a.value, tuple) and not isinstance(a, int):
            # A member of an enum with tuple values is that tuple.
            yield from _flatten_tuples(a.value)
        elif (isinstance(a, type) or _is_type(a)) and number_class_of(a) is not None:
            continue
        else:
            yield a


def signatures(sigs):
    """Signatures given to ``cuda.jit``: a string, a signature object
    (kernelc's, or Numba's ``void(float32[:])`` built from ``numba.types``),
    a tuple of argument types, or a list of these → list of (signature
    string the compiler parses, tuple of argument types or None for a
    string)."""
    one_tuple = isinstance(sigs, tuple) and all(_is_type(t) for t in sigs)
    if isinstance(sigs, str) or one_tuple or not isinstance(sigs, (tuple, list)):
        sigs = [sigs]
    out = []
    for s in sigs:
        if isinstance(s, str):
            out.append((s, None))
            continue
        sig = as_signature(s)
        if sig is None:
            raise TypeError(f"cannot read a signature from {s!r}")
        out.append((signature_text(sig.args, sig.return_type), sig.args))
    return out


def parse_sigs(sigs):
    """The signature strings of :func:`signatures`."""
    return [text for text, _ in signatures(sigs)]


class Dispatcher:
    """A kernel made by ``@cuda.jit``. Index it with a launch configuration
    to launch it: ``kernel[blocks, threads](args)``.

    Without a signature it is compiled lazily, once per distinct tuple of
    argument types (Numba's typing of the arguments), and cached; with
    signatures it is compiled when decorated and takes only arguments that
    fit one of them.
    """

    _kc_dispatcher = True

    def __init__(self, py_func, sigs=None, targetoptions=None):
        self.py_func = py_func
        functools.update_wrapper(self, py_func)
        self.targetoptions = dict(targetoptions or {})
        self._options = None
        self.overloads = _Overloads()  # tuple of argument types -> Overload
        self._by_key = {}  # tuple of type_key() -> Overload
        self._configs = {}  # launch configuration -> _LaunchConfig
        self._plans = _Plans()  # tuple of argument Python types -> the _launch.LaunchPlans made for them
        self._plans_made = {}  # tuple of argument Python types -> how many plans were made for it
        self._lock = threading.RLock()
        self._view = None
        # Objects whose prepare_args(ty, val, stream=, retr=) sees each
        # argument before a launch (see _launch_with_extensions).
        self._extensions = list(self.targetoptions.pop("extensions", None) or ())
        # cache=True: compiled modules are looked up in and written to files.
        self._cache = KernelCache(py_func.__qualname__) if self.targetoptions.get("cache") else None
        self._can_compile = not sigs
        # Numba's `specialized`: one signature given (not a list of them),
        # or made by `specialize()`.
        self._specialized = bool(sigs) and not isinstance(sigs, list)
        self._specializations = {}  # argument types -> Dispatcher (`specialize`)
        for text, argtypes in signatures(sigs or []):
            self._compile_sig_text(text, argtypes)

    def __repr__(self) -> str:
        return f"<kernelc.cuda.Dispatcher {self.py_func.__qualname__}>"

    @property
    def extensions(self) -> list:
        """numba-cuda's dispatcher extensions: objects with
        ``prepare_args(ty, val, stream=, retr=)`` returning ``(ty, val)``,
        called for each argument of every launch (the last one first);
        ``retr`` takes callables to run after the launch. Append to it,
        or assign a new list."""
        return self._extensions

    @extensions.setter
    def extensions(self, value):
        self._extensions[:] = list(value)

    # -- pickling -------------------------------------------------------------
    def __reduce__(self):
        """Pickled by source: the kernel's view (its source, the device
        functions it calls and the globals it froze, so the receiver needs
        neither the file nor the module), its options and its explicit
        signatures. The receiving process compiles again, as kernelc
        compiles in microseconds; no binary travels."""
        state = {
            "view": self._kernel_view(),
            "targetoptions": self.targetoptions,
            "signatures": None if self._can_compile else list(self.overloads),
            "function": _function_facts(self.py_func),
        }
        return (_rebuild_dispatcher, (state,))

    # -- launching ----------------------------------------------------------
    def __getitem__(self, config):
        try:
            cfg = self._configs.get(config)
        except TypeError:  # unhashable (a list): not cached
            cfg = None
        # A cached configuration that was given callbacks belongs to whoever
        # gave them: a new one is made (Numba makes one every time).
        if cfg is not None and not cfg.pre_launch_callbacks:
            if cfg.few_blocks and (_config or _load_config()).CUDA_LOW_OCCUPANCY_WARNINGS:
                _warn_low_occupancy(cfg)
            return cfg
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise ValueError("must specify at least the griddim and blockdim")
        cfg = _LaunchConfig(self, *config)
        if cfg.few_blocks:
            _warn_low_occupancy(cfg)
        try:
            if len(self._configs) > 256:
                self._configs.clear()
            self._configs[config] = cfg
        except TypeError:
            pass
        return cfg

    def __call__(self, *args, **kwargs):
        raise ValueError(_MISSING_LAUNCH_CONFIG)

    def configure(self, griddim, blockdim, stream=0, sharedmem=0):
        cfg = _LaunchConfig(self, griddim, blockdim, stream, sharedmem)
        if cfg.few_blocks:
            _warn_low_occupancy(cfg)
        return cfg

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """A launcher that runs at least `ntasks` threads in 1-D blocks of
        `tpb` (128 when 0), for kernels that check ``cuda.grid(1) < ntasks``:
        ``kernel.forall(len(a))(a)``. `ntasks` 0 launches nothing; a
        negative one raises ``ValueError`` (as Numba)."""
        return _ForAll(self, ntasks, tpb, stream, sharedmem)

    def _overload_for(self, args) -> Overload:
        """The specialisation a launch with `args` runs. Without explicit
        signatures: the one compiled for exactly the arguments' types
        (compiled now if new). With them: Numba's choice (``_typeconv``):
        an exact match, else the signature the arguments convert to best;
        ``TypeError`` with Numba's message when none fits or two fit
        equally well."""
        if self._can_compile:
            nparams = self.py_func.__code__.co_argcount
            if len(args) != nparams:
                raise TypeError(
                    f"kernel '{self.__name__}' takes {nparams} argument{'s' if nparams != 1 else ''}, "
                    f"{len(args)} given"
                )
        try:
            key = tuple(map(type_key, args))
            ov = self._by_key.get(key)
        except TypeError:  # unhashable argument
            key, ov = None, None
        if ov is not None:
            return ov
        types = tuple(typeof(a) for a in args)
        ov = self.overloads.get(types)
        if ov is None:
            if self._can_compile:
                ov = self._compile_types(types)
            else:
                ov = self._resolve(types)
        if key is not None and None not in key:
            self._by_key[key] = ov
        return ov

    def _resolve(self, types) -> Overload:
        best = resolve(types, list(self.overloads))
        if not best:
            raise TypeError("No matching definition for argument type(s) %s" % ", ".join(map(str, types)))
        if len(best) > 1:
            raise TypeError(
                "Ambiguous overloading for %s %s:\n%s"
                % (self.py_func, _numba_tuple(types), "\n".join(_numba_sig(c) for c in best))
            )
        return self.overloads[best[0]]

    # -- compiling ------------------------------------------------------------
    def options(self) -> Options:
        if self._options is None:
            to = self.targetoptions
            self._options = Options(
                arch=_runtime.target_arch(),
                opt=2 if to.get("opt", True) else 0,
                fastmath=bool(to.get("fastmath", False)),
                debug=bool(to.get("debug", False)),
                lineinfo=bool(to.get("lineinfo", False)),
                boundscheck=bool(to.get("boundscheck", False)),
                launch_bounds=to.get("launch_bounds", ()),
            )
        return self._options

    def _kernel_view(self):
        if self._view is None:
            self._view = build_view(self.py_func)
        return self._view

    def _compile(self, signature: str, view=None):
        """The kernel compiled for `signature` (from `view`, by default the
        kernel's): from the on-disk cache with ``cache=True`` when an entry
        matches, else by the compiler."""
        view, options = view or self._kernel_view(), self.options()
        if self._cache is None:
            return compile_view(view, signature, options)
        return self._cache.load_or_compile(
            view, signature, options, signature, lambda: compile_view(view, signature, options))

    @property
    def stats(self) -> CacheStats:
        """The on-disk cache's directory and its hits, misses (and, kernelc
        only, corrupt files found) per signature, as Numba's
        ``dispatcher.stats``; empty without ``cache=True``."""
        if self._cache is None:
            return CacheStats(None, collections.Counter(), collections.Counter(),
                              collections.Counter())
        return self._cache.stats()

    def _compile_types(self, types) -> Overload:
        with self._lock:
            ov = self.overloads.get(types)
            if ov is None:
                view = self._kernel_view()
                classes = [c for t in types for c in named_classes(t)]
                if classes:
                    view = view.with_classes(classes)
                compiled = self._compile(signature_text(types), view)
                ov = Overload(self, types, compiled)
                self._add_overload(types, ov)
            return ov

    def _compile_sig_text(self, sig: str, argtypes=None) -> Overload:
        """Compiles for a signature string; the overload is keyed by
        `argtypes` when the signature was given as types, else by the
        parameter types the compiler reports."""
        compiled = self._compile(sig)
        types = tuple(argtypes) if argtypes is not None else param_types(compiled.own_params)
        ov = Overload(self, types, compiled)
        self._add_overload(types, ov)
        return ov

    def _add_overload(self, types, ov):
        """Adds a specialisation. With explicit signatures a new one may
        change Numba's choice for arguments seen before: the caches of
        earlier choices are emptied. (Without, arguments only ever take the
        specialisation of exactly their types, which stays.)"""
        self.overloads[types] = ov
        if not self._can_compile:
            self._by_key.clear()
            self._plans.clear()

    def compile(self, sig):
        """Compiles the kernel for a signature (string, Signature or tuple of
        argument types) and returns the specialisation."""
        if isinstance(sig, tuple) and all(isinstance(t, Type) for t in sig):
            return self._compile_types(sig)
        return self._compile_sig_text(*signatures(sig)[0])

    def specialize(self, *args):
        """A kernel compiled for the types of `args` only, as Numba's: the
        same one for the same types; a kernel that is already specialized
        (one signature, or made by ``specialize``) refuses."""
        if self._specialized:
            raise RuntimeError("Dispatcher already specialized")
        types = tuple(typeof(a) for a in args)
        d = self._specializations.get(types)
        if d is not None:
            return d
        ov = self._compile_types(types)
        d = Dispatcher.__new__(Dispatcher)
        d.__dict__.update(self.__dict__)
        d.overloads = {types: ov}
        d._by_key = {}
        d._configs = {}
        d._plans = _Plans()
        d._plans_made = {}
        d._lock = threading.RLock()
        d._can_compile = False
        d._specialized = True
        d._specializations = {}
        self._specializations[types] = d
        return d

    @property
    def specialized(self) -> bool:
        """True for a kernel of one signature or made by ``specialize``."""
        return self._specialized

    @property
    def specializations(self):
        """The kernels ``specialize`` made, by argument types."""
        return dict(self._specializations)

    # -- the compiled kernels' resources (numba-cuda's kernel properties) ----
    def _property(self, name, signature):
        """`name` of the specialisation for `signature`; without one, of
        the only specialisation of a specialized kernel, else a dict of
        every specialisation's keyed by its argument types."""
        if signature is not None:
            return getattr(self._select(signature), name)
        if self._specialized:
            return getattr(next(iter(self.overloads.values())), name)
        return {types: getattr(ov, name) for types, ov in self.overloads.items()}

    def get_regs_per_thread(self, signature=None):
        """Registers per thread on the current device (on the CPU device,
        the simulator's register slots)."""
        return self._property("regs_per_thread", signature)

    def get_const_mem_size(self, signature=None):
        """Constant memory used, in bytes."""
        return self._property("const_mem_size", signature)

    def get_shared_mem_per_block(self, signature=None):
        """Static shared memory per block, in bytes."""
        return self._property("shared_mem_per_block", signature)

    def get_max_threads_per_block(self, signature=None):
        """The largest block the kernel may be launched with."""
        return self._property("max_threads_per_block", signature)

    def get_local_mem_per_thread(self, signature=None):
        """Local memory per thread, in bytes."""
        return self._property("local_mem_per_thread", signature)

    @property
    def signatures(self):
        return list(self.overloads)

    # -- introspection --------------------------------------------------------
    def _select(self, signature):
        """The specialisation for a signature (a string as given to
        ``cuda.jit``, a signature object, kernelc's or Numba's, or a tuple
        of argument types), or None for no signature."""
        if signature is None:
            return None
        if isinstance(signature, str):
            for ov in self.overloads.values():
                if ov.signature == signature or str(Signature(_void(), ov.argtypes)) == signature:
                    return ov
            raise KeyError(f"'{self.__name__}' has no specialisation {signature}")
        sig = as_signature(signature)
        types = sig.args if sig is not None else tuple(signature)
        ov = self.overloads.get(types)
        if ov is None:
            # A signature of Numba's types may differ only in a read-only flag.
            ov = next((o for o in self.overloads.values() if tuple(map(str, o.argtypes)) == tuple(map(str, types))), None)
        if ov is None:
            raise KeyError(f"'{self.__name__}' has no specialisation for {types}")
        return ov

    def inspect_asm(self, signature=None):
        """The PTX of the specialisation for `signature`, or (no signature)
        a dict of every specialisation's PTX keyed by its argument types."""
        ov = self._select(signature)
        if ov is not None:
            return ov.compiled.ptx
        return {types: ov.compiled.ptx for types, ov in self.overloads.items()}

    def inspect_ir(self, signature=None):
        """kernelc's optimised mid-IR (what Numba's ``inspect_llvm`` is to
        LLVM IR), for `signature` or (no signature) a dict keyed by the
        argument types."""
        ov = self._select(signature)
        if ov is not None:
            return ov.compiled.ir_text()
        return {types: ov.compiled.ir_text() for types, ov in self.overloads.items()}

    inspect_llvm = inspect_ir

    def inspect_types(self, file=None, signature=None, pretty=False):
        """Prints the typed program of each specialisation (each variable's
        type, every implicit conversion) to `file` (stdout)."""
        file = file or sys.stdout
        ov = self._select(signature)
        chosen = [ov] if ov is not None else list(self.overloads.values())
        for ov in chosen:
            print(f"{self.__name__} ({', '.join(map(str, ov.argtypes))})", file=file)
            print("-" * 80, file=file)
            print(ov.compiled.types_text().rstrip(), file=file)
            print("=" * 80, file=file)

    def inspect_sass(self, signature=None):
        """The SASS of the specialisation for `signature` (or, without, a
        dict of every specialisation's), as numba-cuda's: the PTX
        assembled by ``ptxas`` and disassembled by ``nvdisasm -gi`` (see
        :mod:`kernelc._sass`; without ``nvdisasm``, numba-cuda's
        ``RuntimeError``)."""
        return self._sass(signature, ("-gi",))

    def inspect_sass_cfg(self, signature=None):
        """The control-flow graph of the SASS (``nvdisasm -cfg``, a DOT
        ``digraph``), as :meth:`inspect_sass`."""
        return self._sass(signature, ("-cfg",))

    def _sass(self, signature, flags):
        from ._sass import disassemble

        def sass(ov):
            return disassemble(ov.compiled.ptx, ov.compiled.options.arch, flags)

        ov = self._select(signature)
        if ov is not None:
            return sass(ov)
        return {types: sass(ov) for types, ov in self.overloads.items()}


class _Overloads(dict):
    """A dispatcher's overloads by tuple of argument types: kernelc's type
    objects, or Numba's for the same types (`kernel.overloads[(float64[::1],
    int32)]` with `numba.types`), as numba-cuda keys its own."""

    @staticmethod
    def _key(key):
        if isinstance(key, tuple) and not all(isinstance(t, _types.Type) for t in key):
            try:
                return tuple(_types.from_numba(t) for t in key)
            except TypeError:
                return key
        return key

    def __getitem__(self, key):
        return super().__getitem__(self._key(key))

    def __contains__(self, key):
        return super().__contains__(self._key(key))

    def get(self, key, default=None):
        return super().get(self._key(key), default)


def _numba_repr(t) -> str:
    """How Numba's ``repr`` writes a type (``Array(float32, 1, 'C', False,
    aligned=True)``), for messages that quote Numba's."""
    if isinstance(t, Array):
        return f"Array({t.dtype}, {t.ndim}, '{t.layout}', {t.readonly}, aligned=True)"
    if isinstance(t, Tuple):
        items = t.types
        if items and all(x == items[0] for x in items):
            return f"UniTuple({_numba_repr(items[0])}, {len(items)})"
        return "Tuple(" + ", ".join(_numba_repr(x) for x in items) + ")"
    return str(t)


def _numba_tuple(types) -> str:
    """A tuple of types as Python prints Numba's (``(int64,)``)."""
    items = [_numba_repr(t) for t in types]
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _numba_sig(types) -> str:
    """A kernel signature as Numba prints it: ``(float32, int64) -> none``."""
    return f"{_numba_tuple(types)} -> none"


def _void():
    from ._types import void

    return void


def _function_facts(fn):
    """What a stand-in for `fn` needs: its names, parameters and doc."""
    code = fn.__code__
    return {
        "name": fn.__name__,
        "qualname": fn.__qualname__,
        "module": fn.__module__,
        "params": code.co_varnames[: code.co_argcount],
        "doc": fn.__doc__,
    }


def _stand_in(facts):
    """A function with the pickled function's name and parameters, for a
    kernel rebuilt from its view: the host never calls a kernel's Python
    function, and the compiler reads the view, not this."""
    name = facts["name"]
    params = ", ".join(facts["params"])
    namespace = {}
    exec(f"def {name}({params}):\n    raise _error()\n", {"_error": lambda: KernelcError(
        f"'{name}' was unpickled from its compiled view; its Python body is not here")}, namespace)
    fn = namespace[name]
    fn.__qualname__ = facts["qualname"]
    fn.__module__ = facts["module"]
    fn.__doc__ = facts["doc"]
    return fn


def _rebuild_launch_config(dispatcher, griddim, blockdim, stream, sharedmem):
    """The receiving side of :meth:`_LaunchConfig.__reduce__`: a stream
    other than the default comes back as ``cuda.external_stream`` of its
    handle, as Numba rebuilds it."""
    if stream:
        stream = sys.modules["kernelc.cuda"].external_stream(stream)
    return _LaunchConfig(dispatcher, griddim, blockdim, stream, sharedmem)


def _rebuild_dispatcher(state):
    """The receiving side of :meth:`Dispatcher.__reduce__`."""
    d = Dispatcher(_stand_in(state["function"]), None, state["targetoptions"])
    d._view = state["view"]
    if state["signatures"] is not None:
        d._can_compile = False
        for types in state["signatures"]:
            d._compile_types(types)
    return d


class DeviceFunction:
    """A device function made by ``@cuda.jit(device=True)``: kernels (and
    other device functions) call it; the host cannot."""

    _kc_dispatcher = True
    _kc_device = True

    def __reduce__(self):
        # By reference, as pickle treats functions: the receiver imports it
        # from its module. (A kernel that calls it carries its source in
        # the kernel's view, and needs no import.)
        return self.__qualname__

    def __init__(self, py_func, sigs=None, targetoptions=None):
        self.py_func = py_func
        functools.update_wrapper(self, py_func)
        self.sigs = parse_sigs(sigs or [])
        self.targetoptions = dict(targetoptions or {})

    def __repr__(self) -> str:
        return f"<kernelc.cuda device function {self.py_func.__qualname__}>"

    def __getitem__(self, config):
        # numba-cuda's error for launching a device function.
        raise RuntimeError("Cannot compile a device function as a kernel")

    def inspect_asm(self, signature=None):
        """The PTX of the function compiled for `signature` (argument types)
        for the current device, with its `fastmath`, `debug` and `lineinfo` options, as
        numba-cuda's device dispatcher gives it; without a signature, a dict
        of the PTX for each of its declared signatures."""
        from .cuda import compile_ptx_for_current_device

        def ptx(sig):
            return compile_ptx_for_current_device(
                self.py_func, sig, device=True,
                fastmath=self.targetoptions.get("fastmath", False),
                debug=self.targetoptions.get("debug", False),
                opt=self.targetoptions.get("opt", True),
                lineinfo=self.targetoptions.get("lineinfo", False))[0]

        if signature is not None:
            return ptx(signature)
        return {sig: ptx(sig) for sig in self.sigs}

    def __call__(self, *args, **kwargs):
        raise KernelcError(
            f"device function '{self.py_func.__name__}' can only be called from a kernel "
            "or another device function"
        )
