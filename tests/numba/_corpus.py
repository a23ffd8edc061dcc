"""Shared helpers for validate_corpus.py and dump_types.py.

Loads the kernelc front-end test corpus (compiler/tests/check/accept/*.py) into
real Numba CUDA *without a GPU*:

* Numba CUDA compiles a kernel eagerly when the decorator carries a signature
  and asks the (absent) driver for the compute capability.  We replace
  ``get_current_device`` with a fake sm_80 device (compute capability and warp
  size are all Numba needs from it while compiling), and we replace
  ``numba.cuda.jit`` by a recording shim:
    - kernels (``device=False``) are created lazily (no signature passed to the
      real decorator, so nothing is compiled or bound to a context); the
      signature is recorded and compiled later with ``cuda.compile_ptx``;
    - device functions with a signature are compiled eagerly by the real
      decorator (that only needs the fake device), device functions without
      one are left lazy and are specialised from their call sites, exactly as
      Numba does on a machine with a GPU.
* ``boundscheck=True`` makes numba-cuda raise NotImplementedError in the
  decorator.  The shim records the option and drops it, so the kernel body is
  still compiled; validate_corpus.py reports the option as a known difference.
* ``# kernelc:`` header lines are parsed the same way kernelc's test harness
  does: ``--kernel NAME`` selects a function, a following ``--sig "SIG"`` gives
  its signature, ``--const NAME=DTYPE[D0,D1,...]`` describes a host constant
  array (informational here: the module itself builds the numpy array).

Environment (no GPU needed)::

    python3 -m venv /tmp/nbvenv
    /tmp/nbvenv/bin/pip install numba numba-cuda numpy nvidia-cuda-nvcc-cu12 \
        "nvidia-cuda-runtime-cu12==12.9.*" "cuda-bindings<13"
"""

import importlib.util
import os
import re
import shlex
import sys
import types as pytypes
import warnings

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ACCEPT_DIR = os.path.join(ROOT, "compiler", "tests", "check", "accept")
REJECT_DIR = os.path.join(ROOT, "compiler", "tests", "check", "reject")

CC = (8, 0)


class FakeDevice:
    """Just enough of a numba.cuda Device for offline compilation."""

    compute_capability = CC
    WARP_SIZE = 32
    name = b"kernelc-offline-sm80"
    id = 0


def _fake_get_current_device():
    return FakeDevice()


class Entry:
    """One function decorated with @cuda.jit (kernel or device function)."""

    def __init__(self, name, py_func, sig, device, options, dispatcher):
        self.name = name
        self.py_func = py_func
        self.sig = sig  # signature string / object, or None
        self.device = device
        self.options = options  # keyword options given to the decorator
        self.dispatcher = dispatcher

    def __repr__(self):
        kind = "device" if self.device else "kernel"
        return f"<{kind} {self.name} sig={self.sig!r} opts={self.options}>"


_REGISTRY = []
_real_jit = None
_setup_done = False


def setup():
    """Patch numba.cuda for offline use.  Idempotent."""
    global _real_jit, _setup_done
    if _setup_done:
        return
    warnings.simplefilter("ignore")
    os.environ.setdefault("NUMBA_DISABLE_PERFORMANCE_WARNINGS", "1")
    import numba.cuda  # noqa: F401
    import numba.cuda.api as api
    import numba.cuda.compiler as ccomp
    import numba.cuda.dispatcher as disp

    api.get_current_device = _fake_get_current_device
    disp.get_current_device = _fake_get_current_device
    ccomp.get_current_device = _fake_get_current_device
    try:
        import numba.cuda.memory_management.nrt as nrt

        if hasattr(nrt, "get_current_device"):
            nrt.get_current_device = _fake_get_current_device
    except Exception:
        pass

    from numba.core import sigutils

    _real_jit = numba.cuda.jit

    def shim(func_or_sig=None, device=False, **kws):
        def wrap(f, sig):
            opts = dict(kws)
            real_kws = {k: v for k, v in kws.items() if k != "boundscheck"}
            if device and sig is not None:
                d = _real_jit(sig, device=True, **real_kws)(f)
            else:
                d = _real_jit(device=device, **real_kws)(f)
            _REGISTRY.append(Entry(f.__name__, f, sig, device, opts, d))
            return d

        if func_or_sig is None:
            return lambda f: wrap(f, None)
        if sigutils.is_signature(func_or_sig):
            return lambda f: wrap(f, func_or_sig)
        if device and isinstance(func_or_sig, list) and all(
            sigutils.is_signature(s) for s in func_or_sig
        ):  # a device function with several signatures
            return lambda f: wrap(f, func_or_sig)
        if callable(func_or_sig):
            return wrap(func_or_sig, None)
        raise TypeError(f"unsupported cuda.jit argument {func_or_sig!r}")

    numba.cuda.jit = shim
    _setup_done = True


def real_jit():
    return _real_jit


HEADER_RE = re.compile(r"^#\s*kernelc:\s?(.*)$")
# NAME=DTYPE[D0,...]: DTYPE a number type or a record in Numba's spelling.
CONST_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z_][A-Za-z0-9_]*|Record\(.*\))\[([0-9, ]+)\]$")


def parse_header(path):
    """Return {'kernels': {name: sig or None}, 'consts': {name: (dtype, shape)}}."""
    kernels, consts = {}, {}
    current = None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            m = HEADER_RE.match(line.rstrip("\n"))
            if not m:
                continue
            toks = shlex.split(m.group(1))
            i = 0
            while i < len(toks):
                t = toks[i]
                if t == "--kernel":
                    current = toks[i + 1]
                    kernels.setdefault(current, None)
                    i += 2
                elif t == "--sig":
                    if current is None:
                        raise ValueError(f"{path}: --sig before --kernel")
                    kernels[current] = toks[i + 1]
                    i += 2
                elif t == "--const":
                    cm = CONST_RE.match(toks[i + 1])
                    if not cm:
                        raise ValueError(f"{path}: bad --const {toks[i + 1]!r}")
                    shape = tuple(int(x) for x in cm.group(3).split(","))
                    consts[cm.group(1)] = (cm.group(2), shape)
                    i += 2
                else:
                    raise ValueError(f"{path}: unknown header option {t!r}")
    return {"kernels": kernels, "consts": consts}


def _closing(text, open_at):
    """The position just past the parenthesis that closes the one at
    ``open_at``."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError(f"unbalanced parentheses in {text!r}")


def _split_top(text, sep):
    """``text`` split at each ``sep`` outside parentheses and brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _field_format(ty):
    """A NumPy format for a record field's type as Numba prints it."""
    import numpy as np

    if ty.startswith("Record("):
        return record_dtype(ty)
    if ty.startswith("nestedarray("):
        elem, shape = ty[len("nestedarray("):-1].split(", ", 1)
        return (_field_format(elem), tuple(int(n) for n in shape.strip("()").split(",") if n))
    return np.dtype(ty)


def record_dtype(text):
    """The NumPy dtype of a record as Numba prints one
    (``Record(x[type=float32;offset=0],d[type=nestedarray(uint8, (5,));offset=4];12;True)``),
    nested records and array fields included."""
    import numpy as np

    fields, size, aligned = text[len("Record("):-1].rsplit(";", 2)
    names, formats, offsets = [], [], []
    for field in _split_top(fields, ","):
        name, rest = field.split("[type=", 1)
        ty, offset = rest[:-1].rsplit(";offset=", 1)
        names.append(name)
        formats.append(_field_format(ty))
        offsets.append(int(offset))
    return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                     "itemsize": int(size)}, align=aligned == "True")


# `array(float64, 0d, C)` of a scalar element type.
ARRAY_RE = re.compile(r"\barray\((\w+), (\d)d, ([CFA])\)")


def numba_signature(sig):
    """A header signature as Numba takes it: a string, unless it spells a
    record as Numba prints one (``Record(x[type=float32;offset=0];4;True)``),
    which Numba cannot parse back; then the signature object, with each
    record built by ``numba.from_dtype`` from the same layout (nested
    records and array fields included). An array type written as Numba
    prints it (``array(float64, 0d, C)``, which Numba's parser does not
    read either) becomes ``Array(float64, 0, 'C')``."""
    if not isinstance(sig, str) or ("Record(" not in sig and not ARRAY_RE.search(sig)):
        return sig
    import numba
    from numba.core import types

    sig = ARRAY_RE.sub(lambda m: f"Array({m.group(1)}, {m.group(2)}, '{m.group(3)}')", sig)

    names = {}
    out, pos = [], 0
    while (at := sig.find("Record(", pos)) >= 0:
        end = _closing(sig, at + len("Record"))
        name = f"__record{len(names)}"
        names[name] = numba.from_dtype(record_dtype(sig[at:end]))
        out.append(sig[pos:at] + name)
        pos = end
    out.append(sig[pos:])
    return eval("".join(out), {**vars(types), **names})  # noqa: S307 - a test file's own header


class LoadedFile:
    def __init__(self, path, module, entries, header, error=None):
        self.path = path
        self.module = module
        self.entries = entries
        self.header = header
        self.error = error

    @property
    def stem(self):
        return os.path.splitext(os.path.basename(self.path))[0]

    def kernels(self):
        """(entry, sig) for every kernel that has a signature (decorator or header)."""
        out = []
        hk = self.header["kernels"]
        for e in self.entries:
            if e.device:
                continue
            sig = e.sig if e.sig is not None else numba_signature(hk.get(e.name))
            if sig is not None:
                out.append((e, sig))
        return out

    def device_functions(self):
        return [e for e in self.entries if e.device]


NRT_RE = re.compile(r"^#\s*numba:\s*nrt\s*$", re.M)


def needs_nrt(path):
    """True when the file asks for numba-cuda's NRT (a `# numba: nrt` line):
    numba-cuda compiles some NumPy functions only with it (np.min,
    np.argmax, np.nanmax: their implementations take an element through
    `a.ravel()`, a new array), which kernelc compiles without allocating."""
    with open(path, encoding="utf-8") as fh:
        return NRT_RE.search(fh.read()) is not None


def load(path, modname=None):
    """Import one corpus file with the shim active (and numba-cuda's NRT on
    for the files that ask for it, off for the others)."""
    setup()
    from numba.cuda.core import config as cuda_config

    cuda_config.CUDA_ENABLE_NRT = needs_nrt(path)
    del _REGISTRY[:]
    header = parse_header(path)
    modname = modname or "kernelc_corpus_" + re.sub(r"\W", "_", os.path.basename(path)[:-3])
    spec = importlib.util.spec_from_file_location(modname, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    error = None
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001
        error = exc
    entries = list(_REGISTRY)
    del _REGISTRY[:]
    return LoadedFile(path, module, entries, header, error)


def promote_plain_functions(loaded):
    """kernelc treats undecorated module functions as device functions when a
    kernel calls them; Numba does not.  For the type oracle only, wrap every
    plain function defined in the module as a lazy ``@cuda.jit(device=True)``."""
    mod = loaded.module
    jit = real_jit()
    promoted = []
    for name, val in list(vars(mod).items()):
        if isinstance(val, pytypes.FunctionType) and val.__module__ == mod.__name__:
            setattr(mod, name, jit(device=True)(val))
            promoted.append(name)
    return promoted


def accept_files():
    return sorted(
        os.path.join(ACCEPT_DIR, f)
        for f in os.listdir(ACCEPT_DIR)
        if f.endswith(".py")
    )


def reject_files():
    return sorted(
        os.path.join(REJECT_DIR, f)
        for f in os.listdir(REJECT_DIR)
        if f.endswith(".py")
    )
