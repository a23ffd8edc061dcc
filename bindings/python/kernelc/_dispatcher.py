"""``@cuda.jit``: kernels (:class:`Dispatcher`), their compiled
specialisations (:class:`Overload`), launch configurations, and device
functions."""

from __future__ import annotations

import functools
import sys
import threading

import numpy as np

from . import _runtime
from ._compiler import Options, compile_view
from ._source import build_view
from ._types import Array, Scalar, Signature, Type, signature_text, type_key, typeof
from .errors import KernelcError

__all__ = ["Dispatcher", "DeviceFunction", "Overload", "parse_sigs"]


def _dims(value, what):
    """A launch dimension as a 3-tuple of ints."""
    if isinstance(value, (int, np.integer)):
        dims = (int(value),)
    else:
        try:
            dims = tuple(int(v) for v in value)
        except TypeError:
            raise TypeError(f"{what} must be an int or a tuple of 1 to 3 ints, not {value!r}") from None
    if not 1 <= len(dims) <= 3:
        raise ValueError(f"{what} must have 1 to 3 dimensions, not {len(dims)}")
    if any(d <= 0 for d in dims):
        raise ValueError(f"{what} {dims} has a dimension that is not positive")
    return dims + (1,) * (3 - len(dims))


class _LaunchConfig:
    """``kernel[griddim, blockdim, stream, sharedmem]``: call it with the
    arguments to launch."""

    __slots__ = ("dispatcher", "griddim", "blockdim", "stream", "sharedmem", "_dims")

    def __init__(self, dispatcher, griddim, blockdim, stream=0, sharedmem=0):
        self.dispatcher = dispatcher
        self.griddim = _dims(griddim, "griddim")
        self.blockdim = _dims(blockdim, "blockdim")
        self.stream = stream
        self.sharedmem = int(sharedmem)
        self._dims = (_runtime.dim3(self.griddim), _runtime.dim3(self.blockdim))

    def __call__(self, *args):
        overload = self.dispatcher._overload_for(args)
        overload.launch(args, self._dims[0], self._dims[1], self.stream, self.sharedmem)


class Overload:
    """One compiled specialisation of a kernel."""

    def __init__(self, dispatcher, argtypes, compiled):
        self.dispatcher = dispatcher
        self.argtypes = tuple(argtypes)
        self.compiled = compiled
        self.params = compiled.params
        self.signature = compiled.signature
        self._loaded = {}  # device id -> loaded module

    def launch(self, args, griddim, blockdim, stream, sharedmem):
        if len(args) != len(self.params):
            raise TypeError(
                f"kernel '{self.compiled.kernel_name}' takes {len(self.params)} "
                f"argument{'s' if len(self.params) != 1 else ''}, {len(args)} given"
            )
        device = _runtime.current()
        loaded = self._loaded.get(device.key)
        if loaded is None:
            loaded = device.load(self.compiled)
            self._loaded[device.key] = loaded
        device.launch(loaded, self, args, griddim, blockdim, stream, sharedmem)

    def accepts(self, types) -> bool:
        """True when arguments of `types` can be passed to this
        specialisation (exact types, an `A` parameter for any layout, any
        scalar for a scalar parameter: it is converted)."""
        if len(types) != len(self.argtypes):
            return False
        for want, have in zip(self.argtypes, types):
            if want == have:
                continue
            if isinstance(want, Array) and isinstance(have, Array) and want.accepts(have):
                continue
            if isinstance(want, Scalar) and isinstance(have, Scalar):
                continue
            return False
        return True


def parse_sigs(sigs):
    """Signatures given to ``cuda.jit``: a string, a :class:`Signature`, or
    a list of them → list of signature strings."""
    if isinstance(sigs, (str, Signature)) or _is_numba_sig(sigs):
        sigs = [sigs]
    out = []
    for s in sigs:
        if isinstance(s, str):
            out.append(s)
        elif isinstance(s, Signature) or _is_numba_sig(s):
            out.append(str(s))
        elif isinstance(s, tuple):  # a tuple of argument types
            out.append("void(" + ", ".join(map(str, s)) + ")")
        else:
            raise TypeError(f"cannot read a signature from {s!r}")
    return out


def _is_numba_sig(s) -> bool:
    return type(s).__name__ == "Signature" and hasattr(s, "args") and hasattr(s, "return_type")


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
        self.overloads = {}  # tuple of argument types -> Overload
        self._by_key = {}  # tuple of type_key() -> Overload
        self._configs = {}  # launch configuration -> _LaunchConfig
        self._lock = threading.RLock()
        self._view = None
        self._can_compile = not sigs
        for sig in parse_sigs(sigs or []):
            self._compile_sig_text(sig)

    def __repr__(self) -> str:
        return f"<kernelc.cuda.Dispatcher {self.py_func.__qualname__}>"

    # -- launching ----------------------------------------------------------
    def __getitem__(self, config):
        try:
            cfg = self._configs.get(config)
        except TypeError:  # unhashable (a list): not cached
            cfg = None
        if cfg is not None:
            return cfg
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise ValueError(
                "a kernel's launch configuration is [griddim, blockdim], "
                "[griddim, blockdim, stream] or [griddim, blockdim, stream, sharedmem]"
            )
        cfg = _LaunchConfig(self, *config)
        try:
            if len(self._configs) > 256:
                self._configs.clear()
            self._configs[config] = cfg
        except TypeError:
            pass
        return cfg

    def __call__(self, *args, **kwargs):
        raise ValueError(
            "kernel launch configuration was not specified. Use the syntax:\n\n"
            "kernel_function[blockspergrid, threadsperblock](arg0, arg1, ..., argn)\n\n"
            "See https://numba.readthedocs.io/en/stable/cuda/kernels.html#kernel-invocation "
            "for help."
        )

    def configure(self, griddim, blockdim, stream=0, sharedmem=0):
        return _LaunchConfig(self, griddim, blockdim, stream, sharedmem)

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """A configuration that runs at least `ntasks` threads (for 1-D
        grid-stride kernels): ``kernel.forall(len(a))(a)``."""
        ntasks = int(ntasks)
        tpb = int(tpb) or 128
        blocks = max(1, (ntasks + tpb - 1) // tpb)
        return _LaunchConfig(self, blocks, tpb, stream, sharedmem)

    def _overload_for(self, args) -> Overload:
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
                ov = next((o for o in self.overloads.values() if o.accepts(types)), None)
                if ov is None:
                    sigs = "\n".join(f"  {o.signature}" for o in self.overloads.values())
                    raise TypeError(
                        f"No matching definition for argument type(s) "
                        f"{', '.join(map(str, types))}; '{self.__name__}' was compiled for:\n{sigs}"
                    )
        if key is not None and None not in key:
            self._by_key[key] = ov
        return ov

    # -- compiling ------------------------------------------------------------
    def options(self) -> Options:
        if self._options is None:
            to = self.targetoptions
            self._options = Options(
                arch=_runtime.target_arch(),
                opt=2 if to.get("opt", True) else 0,
                fastmath=bool(to.get("fastmath", False)),
                debug=bool(to.get("debug", False)),
                boundscheck=bool(to.get("boundscheck", False)),
            )
        return self._options

    def _kernel_view(self):
        if self._view is None:
            self._view = build_view(self.py_func)
        return self._view

    def _compile_types(self, types) -> Overload:
        with self._lock:
            ov = self.overloads.get(types)
            if ov is None:
                compiled = compile_view(self._kernel_view(), signature_text(types), self.options())
                ov = Overload(self, types, compiled)
                self.overloads[types] = ov
            return ov

    def _compile_sig_text(self, sig: str) -> Overload:
        compiled = compile_view(self._kernel_view(), sig, self.options())
        types = tuple(p.type for p in compiled.params)
        ov = Overload(self, types, compiled)
        self.overloads[types] = ov
        return ov

    def compile(self, sig):
        """Compiles the kernel for a signature (string, Signature or tuple of
        argument types) and returns the specialisation."""
        if isinstance(sig, tuple) and all(isinstance(t, Type) for t in sig):
            return self._compile_types(sig)
        return self._compile_sig_text(parse_sigs(sig)[0])

    def specialize(self, *args):
        """A kernel compiled for the types of `args` only."""
        types = tuple(typeof(a) for a in args)
        ov = self._compile_types(types)
        d = Dispatcher.__new__(Dispatcher)
        d.__dict__.update(self.__dict__)
        d.overloads = {types: ov}
        d._by_key = {}
        d._configs = {}
        d._lock = threading.RLock()
        d._can_compile = False
        return d

    @property
    def specializations(self):
        return dict(self.overloads)

    @property
    def signatures(self):
        return list(self.overloads)

    # -- introspection --------------------------------------------------------
    def _select(self, signature):
        if signature is None:
            return None
        if isinstance(signature, tuple):
            types = tuple(signature)
        elif isinstance(signature, (str, Signature)):
            text = str(signature)
            for ov in self.overloads.values():
                if ov.signature == text or str(Signature(_void(), ov.argtypes)) == text:
                    return ov
            raise KeyError(f"'{self.__name__}' has no specialisation {text}")
        else:
            types = tuple(getattr(signature, "args", signature))
        for ov in self.overloads.values():
            if ov.argtypes == types or tuple(map(str, ov.argtypes)) == tuple(map(str, types)):
                return ov
        raise KeyError(f"'{self.__name__}' has no specialisation for {types}")

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
        raise NotImplementedError("kernelc does not assemble PTX to SASS; use inspect_asm() for the PTX")


def _void():
    from ._types import void

    return void


class DeviceFunction:
    """A device function made by ``@cuda.jit(device=True)``: kernels (and
    other device functions) call it; the host cannot."""

    _kc_dispatcher = True

    def __init__(self, py_func, sigs=None, targetoptions=None):
        self.py_func = py_func
        functools.update_wrapper(self, py_func)
        self.sigs = parse_sigs(sigs or [])
        self.targetoptions = dict(targetoptions or {})

    def __repr__(self) -> str:
        return f"<kernelc.cuda device function {self.py_func.__qualname__}>"

    def __call__(self, *args, **kwargs):
        raise KernelcError(
            f"device function '{self.py_func.__name__}' can only be called from a kernel "
            "or another device function"
        )
