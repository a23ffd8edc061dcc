"""What the compiler is given for one kernel: a *kernel view* of its source
file.

The compiler takes a whole source file (module constants and device
functions live there), but a real program's file also holds host code
(``a = np.zeros(n)``, ``kernel[1, 32](a)``, tests, classes) that is not
kernel language. So for each kernel the binding builds a view of the file
with **the same line numbers**: every line is blank except

- the kernel itself and the device functions it calls (found through the
  Python objects its names refer to, so device functions defined in other
  modules, or nested in a test function, are found too), each at its own
  lines; a nested function is dedented to column 0 (its columns in
  diagnostics are corrected back);
- one line before the first function holding the imports the kernel's names
  need, made from the objects those names refer to (``np`` → ``import numpy
  as np``, ``cuda`` → ``import kernelc.cuda as cuda``...);
- after the file's last line: the module constants and closure variables the
  kernel reads, frozen at their current Python values as Numba freezes
  globals (``TPB = 16``), the ``cuda.declare_device`` declarations it calls
  (with the files they link, :attr:`KernelView.link`), and device functions
  from other files.

Diagnostics then point at the user's real file and line.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import enum
import functools
import hashlib
import linecache
import math
import operator
import re
import sys
import types
from dataclasses import dataclass, field

import numpy as np

from . import _exec_sources
from .errors import KernelcError, TypingError

__all__ = ["KernelView", "build_view", "SourceUnavailable", "fix_locations"]

_KC_CUDA = "_kc_cuda_"
_KC_NP = "_kc_np_"
_KC_ENUM = "_kc_enum_"
_KC_COLLECTIONS = "_kc_collections_"
_KC_CFFI = "_kc_cffi_"
# What the definitions of enum and named tuple classes import.
_CLASS_IMPORTS = f"import enum as {_KC_ENUM}; import collections as {_KC_COLLECTIONS}"


class SourceUnavailable(KernelcError):
    """The kernel's source file cannot be read (a function made with
    ``exec``, typed at the interactive prompt, or loaded from a ``.pyc``
    whose ``.py`` is gone): kernelc compiles kernels from their source."""


@dataclass
class _Parsed:
    lines: list
    tree: ast.Module
    funcs: dict  # (name, first line) -> node


_parse_cache: dict = {}


def _command_text(fn):
    """The program text of ``python -c TEXT`` when `fn` was compiled from
    it, else None. Python keeps no source for ``-c`` code (its file is
    ``"<string>"``, as for ``exec``), but ``sys.orig_argv`` holds the text:
    it is used when `fn`'s code object is one that compiling that text
    gives (same name, first line and bytecode), so a function made by
    ``exec`` of other text is never matched to it."""
    code = fn.__code__
    argv = getattr(sys, "orig_argv", None) or []
    if code.co_filename != "<string>" or "-c" not in argv[:-1]:
        return None
    if getattr(fn, "__globals__", {}).get("__name__") != "__main__":
        return None
    text = argv[argv.index("-c") + 1]
    try:
        top = compile(text, "<string>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    stack = [top]
    while stack:
        c = stack.pop()
        if (c.co_name, c.co_firstlineno, c.co_code, c.co_names) == (
            code.co_name, code.co_firstlineno, code.co_code, code.co_names
        ):
            return text
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return None


def _parsed(filename: str, module_globals, text=None) -> _Parsed:
    # As inspect.getsource does: a file edited (and its module re-imported)
    # since linecache read it is read again, so a kernel is compiled from
    # the source its function was made from, not the file's old text.
    # (Entries without a file, such as notebook cells, are kept.)
    if text is None:
        linecache.checkcache(filename)
        lines = linecache.getlines(filename, module_globals)
        if not lines:
            return None
        text = "".join(lines)
    key = (filename, hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest())
    p = _parse_cache.get(key)
    if p is None:
        try:
            tree = ast.parse(text, filename)
        except SyntaxError:
            return None
        funcs = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                funcs[(node.name, node.lineno)] = node
                if node.decorator_list:
                    funcs[(node.name, node.decorator_list[0].lineno)] = node
        p = _Parsed([ln.rstrip("\r\n") for ln in text.splitlines()], tree, funcs)
        if len(_parse_cache) > 64:
            _parse_cache.clear()
        _parse_cache[key] = p
    return p


def function_of_lambda(fn, name: str):
    """A function equal to the lambda `fn`, named `name`, made from its
    source (``lambda x: x + 1`` becomes ``def name(x): return x + 1``, at
    the lambda's line, under a file name that says where it came from), so
    that :func:`build_view` can read it: numba-cuda compiles a lambda as
    any function (``cuda.compile_ptx(lambda x: x, ...)``). A lambda of
    variables from an enclosing function, or one whose line holds several
    lambdas of its parameters, is :class:`SourceUnavailable`."""
    code = fn.__code__
    if code.co_freevars:
        raise SourceUnavailable(
            f"a lambda reading variables of its enclosing function ({', '.join(code.co_freevars)})"
            " cannot be compiled by kernelc: define it with def")
    parsed = _parsed(code.co_filename, getattr(fn, "__globals__", None))
    params = code.co_varnames[: code.co_argcount]
    found = [] if parsed is None else [
        node for node in ast.walk(parsed.tree)
        if isinstance(node, ast.Lambda) and node.lineno == code.co_firstlineno
        and tuple(a.arg for a in node.args.args) == params
    ]
    if len(found) != 1:
        raise SourceUnavailable(
            f"cannot find the lambda of line {code.co_firstlineno} in {code.co_filename} "
            f"({len(found)} lambdas of parameters {params} there): define it with def")
    node = found[0]
    text = "\n" * (node.lineno - 1) + (
        f"def {name}({ast.unparse(node.args)}):\n    return {ast.unparse(node.body)}\n")
    namespace = dict(fn.__globals__)
    # Compiled under a pseudo file name, whose text _exec_sources keeps.
    exec(compile(text, f"<lambda of {code.co_filename}>", "exec"), namespace)
    made = namespace[name]
    made.__defaults__ = fn.__defaults__
    return made


@dataclass
class FuncSource:
    """Where a Python function's ``def`` is, and what its body names."""

    fn: types.FunctionType
    file: str
    parsed: _Parsed
    node: ast.FunctionDef
    first: int  # 1-based: the first decorator's line, or the def's
    last: int  # 1-based, inclusive
    indent: int  # the def's column
    names: set  # names the body loads
    const_array_names: set  # names read with cuda.const.array_like(NAME)


def function_source(fn) -> FuncSource:
    """The source of `fn`, or :class:`SourceUnavailable`."""
    code = fn.__code__
    filename = code.co_filename
    parsed = _parsed(filename, getattr(fn, "__globals__", None))
    if parsed is None:
        # `python -c TEXT`, or a text given to `exec` since kernelc was
        # imported (see _exec_sources).
        text = _command_text(fn) or _exec_sources.source_of(code)
        if text is not None:
            parsed = _parsed(filename, None, text)
    if parsed is None:
        raise SourceUnavailable(
            f"the source of '{code.co_name}' is not available (it was defined in "
            f"{filename!r}); kernelc compiles kernels from their source text: define "
            "the kernel in a .py file (or a notebook cell), or build it with exec() after "
            "importing kernelc"
        )
    node = parsed.funcs.get((code.co_name, code.co_firstlineno))
    if node is None:
        raise SourceUnavailable(
            f"cannot find the 'def {code.co_name}' of line {code.co_firstlineno} in "
            f"{filename}: was the file changed after it was imported?"
        )
    first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
    names = set()
    arrays = set()
    for stmt in node.body:
        for sub in ast.walk(stmt):
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
                names.add(sub.id)
            elif (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr == "array_like"
                and sub.args
                and isinstance(sub.args[0], ast.Name)
            ):
                arrays.add(sub.args[0].id)
    return FuncSource(
        fn, filename, parsed, node, first, node.end_lineno, node.col_offset, names, arrays
    )


@dataclass
class KernelView:
    """The text handed to the compiler for one kernel, and what else the
    compile needs."""

    file: str
    text: str
    kernel: str  # the function's name in the view
    const_arrays: dict = field(default_factory=dict)  # name -> C-contiguous ndarray
    # Device arrays the code reads by name (from a global or closure
    # variable): name -> (the array, its type text). Passed as the kernel's
    # hidden parameters ("global NAME"), in this order.
    global_arrays: dict = field(default_factory=dict)
    # view line -> (file, line, column shift) for lines that are not the
    # file's own line at column 0.
    remap: dict = field(default_factory=dict)
    line_shift: int = 0  # lines inserted at the top (0 normally)
    # Files to link with the kernel: those of the `declare_device`
    # functions it (or a device function it calls) calls.
    link: tuple = ()
    # Enum and named tuple classes the view defines -> their names there.
    classes: dict = field(default_factory=dict)
    # The program's exception classes the kernel raises: name in the view
    # (the name an exception's message starts with) -> class.
    exceptions: dict = field(default_factory=dict)
    taken: frozenset = frozenset()  # the view's other global names

    def with_classes(self, classes) -> "KernelView":
        """This view with the enum and named tuple classes `classes` (those
        of argument types) defined too, after the text; itself when it
        defines them all."""
        missing = [c for c in dict.fromkeys(classes) if c not in self.classes]
        if not missing:
            return self
        everything = dict(self.classes)
        everything.update((c, c.__name__) for c in missing)
        # Checks the names of all of them; defines the missing ones.
        _class_lines(everything, self.taken)
        lines = _class_lines({c: c.__name__ for c in missing}, self.taken | {
            n for n in self.classes.values()})
        header = [] if self.classes else [_CLASS_IMPORTS]
        text = self.text + "\n".join(header + lines) + "\n"
        return dataclasses.replace(self, text=text, classes=everything)


def _record_dtype_source(value):
    """``np.dtype([...], align=...)`` for a structured NumPy dtype or a Numba
    ``Record`` type (its fields in order: numbers, arrays of them, nested
    records), or None for another value. ``TypeError`` for a record whose
    offsets the list form cannot say (explicit offsets or padding)."""
    dt = None
    if isinstance(value, np.dtype):
        dt = value
    elif type(value).__name__ == "Record" and hasattr(value, "dtype"):
        dt = value.dtype  # numba.from_dtype(...) / a numba.types.Record
    if dt is None or dt.names is None:
        return None
    aligned = dt.isalignedstruct
    text = _dtype_list(dt)
    if np.dtype(eval(text.replace(_KC_NP, "np"), {"np": np}), align=aligned) != dt:  # noqa: S307
        raise TypeError(
            f"kernelc cannot use the record dtype {dt} in a kernel: its offsets are not "
            "those np.dtype([...]) gives its fields (explicit offsets or padding)")
    return f"{_KC_NP}.dtype({text}, align={aligned})"


def _dtype_list(dt) -> str:
    """The field list of a structured dtype: ``[('x', np.float32), ...]``."""
    fields = []
    for name in dt.names:
        fdt = dt.fields[name][0]
        shape = ""
        if fdt.subdtype is not None:
            fdt, dims = fdt.subdtype
            shape = f", {tuple(dims)}"
        if fdt.names is not None:
            fmt = f"{_KC_NP}.dtype({_dtype_list(fdt)}, align={fdt.isalignedstruct})"
        else:
            fmt = f"{_KC_NP}.{fdt.newbyteorder('=').name}"
        fields.append(f"({name!r}, {fmt}{shape})")
    return "[" + ", ".join(fields) + "]"


def _literal(value, classes=None):
    """A constant expression for a Python or NumPy scalar value, a string,
    or a tuple of them, or None. Named tuples (``Cfg(1.5, 2)``) are
    literals only when `classes` is given: a dict that collects their
    classes (class -> None), which the view must then define."""
    if isinstance(value, enum.Enum):
        return None  # a member has a type of its own (see build_view)
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        return _float_literal(value)
    if isinstance(value, np.integer):
        return f"{_KC_NP}.{np.dtype(value.dtype).name}({int(value)})"
    if isinstance(value, np.floating):
        if value.dtype == np.float64:
            return _float_literal(float(value))
        return f"{_KC_NP}.{np.dtype(value.dtype).name}({_float_literal(float(value))})"
    if isinstance(value, str):
        # Numba freezes a string too; kernels take one as an exception's
        # argument (`raise ValueError(msg)`).
        return repr(value)
    if isinstance(value, tuple) and value:
        named = _is_namedtuple_class(type(value))
        if named and classes is None:
            return None
        items = [_literal(v, classes) for v in value]
        if all(i is not None for i in items):
            if named:
                classes[type(value)] = None
                return f"{type(value).__name__}(" + ", ".join(items) + ")"
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return None


def is_named_class(value) -> bool:
    """True for the classes a view defines: enums and named tuples."""
    return isinstance(value, enum.EnumMeta) or _is_namedtuple_class(value)


def _is_program_exception(value) -> bool:
    """True for an exception class of the program (not one of Python's,
    which kernels name without a definition)."""
    return (isinstance(value, type) and issubclass(value, Exception)
            and getattr(builtins, value.__name__, None) is not value)


def _is_namedtuple_class(value) -> bool:
    return (isinstance(value, type) and issubclass(value, tuple)
            and isinstance(getattr(value, "_fields", None), tuple))


def _class_lines(classes: dict, taken) -> list:
    """The definitions of the enum and named tuple classes `classes`
    (class -> name), each under its ``__name__``, which no other global of
    the view (`taken`) and no other class may use."""
    lines = []
    names = {}
    for cls in classes:
        name = cls.__name__
        other = names.get(name)
        if other is not None and other is not cls:
            raise KernelcError(
                f"the kernel uses two classes named '{name}' "
                f"({other.__module__} and {cls.__module__}): kernelc needs one class per name")
        if name in taken:
            raise KernelcError(
                f"the kernel uses the class '{name}' and another global named '{name}': "
                "kernelc needs the class's own name free")
        names[name] = cls
        if isinstance(cls, enum.EnumMeta):
            lines += _enum_class_lines(name, cls)
        else:
            if getattr(cls, "_field_defaults", None):
                raise KernelcError(
                    f"the named tuple '{name}' has default values: kernels build named "
                    "tuples from one value per field")
            lines.append(f"{name} = {_KC_COLLECTIONS}.namedtuple({name!r}, {list(cls._fields)!r})")
    return lines


def _enum_class_lines(name: str, cls) -> list:
    """The definition of enum class `cls`, named `name`, as kernelc reads
    it: its base and each member (aliases included) with its value."""
    base = "IntEnum" if issubclass(cls, enum.IntEnum) else "Enum"
    if not issubclass(cls, enum.IntEnum) and issubclass(cls, int):
        raise KernelcError(
            f"the enum '{cls.__name__}' mixes in int without being an IntEnum: "
            "kernelc supports enum.Enum and enum.IntEnum classes")
    lines = [f"class {name}({_KC_ENUM}.{base}):"]
    for member_name, member in cls.__members__.items():
        value = int(member) if base == "IntEnum" else member.value
        lit = _literal(value)
        numbers = isinstance(value, tuple) and all(
            isinstance(v, (int, float, bool, np.bool_, np.integer, np.floating)) for v in value)
        if lit is None or isinstance(value, str) or isinstance(value, tuple) and not numbers:
            raise KernelcError(
                f"the enum member {cls.__name__}.{member_name} has the value {value!r}: "
                "kernels support enum members whose values are numbers or bools, or "
                "tuples of numbers of one type")
        lines.append(f"    {member_name} = {lit}")
    if len(lines) == 1:
        lines.append("    pass")
    return lines


def _float_literal(v: float) -> str:
    if math.isnan(v):
        return "(1e309 - 1e309)"
    if math.isinf(v):
        return "1e309" if v > 0 else "(-1e309)"
    return repr(v)


def _import_for(name: str, value):
    """An import statement binding `name` to what `value` is, for the names
    the compiler knows, or None."""
    from . import cuda as kc_cuda
    from . import _types

    if isinstance(value, types.ModuleType):
        mod = value.__name__
        if value is kc_cuda or mod in ("numba.cuda", "kernelc.cuda"):
            return f"import kernelc.cuda as {name}"
        if mod in ("numba.cuda.random", "kernelc.cuda.random"):
            return f"import numba.cuda.random as {name}"
        if mod in ("numba.cuda.libdevice", "kernelc.cuda.libdevice"):
            return f"import numba.cuda.libdevice as {name}"
        if mod in ("numba.cuda.bf16", "kernelc.cuda.bf16"):
            return f"import numba.cuda.bf16 as {name}"
        if mod == "kernelc":
            # `kernelc.float32`, `kernelc.cuda`: what `numba.` offers.
            return f"import numba as {name}"
        if mod in ("numpy", "math", "cmath", "operator", "numba", "numba.types"):
            return f"import {mod} as {name}"
        if mod in ("numba.core.types", "numba.cuda.types", "kernelc.types"):
            return f"import numba.types as {name}"
        return None
    if isinstance(value, _types.Scalar) and value.name == "bfloat16":
        return f"from numba.cuda.bf16 import bfloat16 as {name}"
    if isinstance(value, _types.Scalar):
        return f"from numba import {_numba_name(value.name)} as {name}"
    if isinstance(value, type) and issubclass(value, np.generic):
        try:
            scalar = _types.from_dtype(value)
        except TypeError:
            return None
        return f"from numpy import {_numpy_name(scalar.name)} as {name}"
    tmod = type(value).__module__ or ""
    if tmod.startswith("numba.core.types") or tmod.startswith("numba.types"):
        return f"from numba import {_numba_name(str(value))} as {name}"
    if isinstance(value, types.BuiltinFunctionType) and getattr(value, "__module__", None) in (
        "math",
        "cmath",
    ):
        return f"from {value.__module__} import {value.__name__} as {name}"
    if isinstance(value, types.BuiltinFunctionType) and getattr(value, "__module__", None) in (
        "_operator",
        "operator",
    ) and getattr(operator, value.__name__, None) is value:
        # `operator.add` as a value (Numba's `Function`).
        return f"from operator import {value.__name__} as {name}"
    if isinstance(value, types.BuiltinFunctionType) and value.__module__ == "builtins" and \
            value.__name__ in ("abs", "min", "max", "round", "pow", "len"):
        return f"{name} = {value.__name__}"
    path = _cuda_intrinsic_path(value)
    if path is not None:
        # `cuda.atomic.add` (kernelc's or numba-cuda's) as a value.
        return f"import kernelc.cuda as {_KC_CUDA}; {name} = {_KC_CUDA}.{path}"
    if isinstance(value, np.ufunc) or getattr(value, "__module__", "") == "numpy":
        return f"from numpy import {value.__name__} as {name}"
    attr = kc_cuda._member_name(value)
    if attr is None and _is_numba_cuda_stub(value):
        # numba-cuda's stub of a top-level `cuda` name (`float32x4`).
        attr = kc_cuda._member_name(getattr(kc_cuda, value.__qualname__, None))
    if attr is not None:
        return f"from kernelc.cuda import {attr} as {name}"
    fmod = getattr(value, "__module__", None) or ""
    if fmod in ("numba.cuda.libdevice", "kernelc.cuda.libdevice") and callable(value):
        return f"from numba.cuda.libdevice import {value.__name__} as {name}"
    bf16_name = _bf16_name(value)
    if bf16_name is not None:
        return f"from numba.cuda.bf16 import {bf16_name} as {name}"
    draw = _random_draw_name(value)
    if draw is not None:
        return f"from numba.cuda.random import {draw} as {name}"
    return _cfarray_import(name, value)


def _cfarray_import(name: str, value):
    """The import of numba-cuda's ``carray``/``farray`` (an array over a
    pointer, ``numba.cuda.np.numpy_support``'s), which the compiler knows,
    or None. (They are Python functions: without this they would be
    compiled as device functions.)"""
    fmod = getattr(value, "__module__", None) or ""
    if fmod == "numba.cuda.np.numpy_support" and \
            getattr(value, "__name__", None) in ("carray", "farray"):
        return f"from numba.cuda.np.numpy_support import {value.__name__} as {name}"
    return None


def _bf16_name(value):
    """The name in ``numba.cuda.bf16`` of a bfloat16 function (kernelc's
    kernel-only one, or numba-cuda's own), or None."""
    from .cuda import bf16 as kc_bf16

    name = getattr(value, "_kc_bf16", None)
    if name is not None:
        return name
    module = getattr(value, "__module__", None) or ""
    if not module.startswith(("numba.cuda.bf16", "numba.cuda._internal.cuda_bf16",
                              "numba_cuda.numba.cuda")):
        return None
    try:
        import numba.cuda.bf16 as nb_bf16
    except ImportError:  # pragma: no cover - numba-cuda absent
        return None
    for public in kc_bf16.FUNCTIONS:
        if getattr(nb_bf16, public, None) is value:
            return public
    return None


def _is_numba_cuda_stub(value) -> bool:
    """A class of numba-cuda's ``numba.cuda.stubs`` (what its kernel-side
    names, such as ``cuda.float32x4``, are)."""
    module = getattr(value, "__module__", None) or ""
    return isinstance(value, type) and module.endswith("cuda.stubs")


def _cuda_intrinsic_path(value):
    """The path under `cuda` of a CUDA intrinsic that is not a top-level
    member (`atomic.add`, `fp16.hadd`): kernelc's kernel-only function or
    numba-cuda's stub; None for anything else."""
    if getattr(value, "_kc_intrinsic", False):
        path = getattr(value, "__name__", "")
        return path if "." in path else None
    module = getattr(value, "__module__", None) or ""
    if isinstance(value, type) and module.endswith("cuda.stubs"):
        # numba-cuda's stubs: `numba.cuda.stubs.atomic.add`.
        path = value.__qualname__
        return path if "." in path else None
    return None


def _random_draw_name(value):
    """The name of a ``numba.cuda.random`` draw (kernelc's or Numba's own
    function) that `value` is, or None."""
    from .cuda import random as kc_random

    fname = getattr(value, "__name__", None) or getattr(getattr(value, "py_func", None),
                                                        "__name__", None)
    if fname not in kc_random.KERNEL_DRAWS:
        return None
    if value is getattr(kc_random, fname):
        return fname
    module = getattr(value, "__module__", None) or getattr(getattr(value, "py_func", None),
                                                           "__module__", None)
    return fname if module in ("numba.cuda.random", "numba_cuda.numba.cuda.random") else None


def _numba_name(n: str) -> str:
    return "boolean" if n == "bool" else n


def _numpy_name(n: str) -> str:
    return "bool_" if n == "bool" else n


# Packages whose modules the compiler knows by name or refuses with its
# own message: their members are never frozen under an alias.
_LIBRARY_PACKAGES = ("numba", "numba_cuda", "kernelc", "numpy", "math", "cmath", "operator")


def _module_members(fn, fs: FuncSource):
    """The members of Python modules the body reaches through an attribute
    chain (``mymod.add(x)``, ``pkg.sub.SCALE``) of a module the compiler
    does not know (a user's module, not ``math`` or ``numpy``): ``(alias,
    value, dots)`` per chain, `alias` the chain with ``_`` for each ``.``
    (``mymod_add``: as long as the chain, so the view's columns stay the
    user's) and `dots` the ``(line, column)`` of each of its dots in the
    file. The view names the member by its alias, as Numba reads the
    module's attribute when it compiles. A chain whose alias the code
    already uses, or written across lines or with blanks around a dot, is
    left as it is (the compiler then says what it cannot read)."""
    lines = fs.parsed.lines
    parents = {}
    body = [n for stmt in fs.node.body for n in ast.walk(stmt)]  # not the decorators
    for sub in body:
        for child in ast.iter_child_nodes(sub):
            parents[child] = sub
    out = []
    for sub in body:
        if not (isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)):
            continue
        found, value = _resolve(fn, sub.id)
        if not (found and isinstance(value, types.ModuleType)
                and _import_for(sub.id, value) is None
                and value.__name__.split(".")[0] not in _LIBRARY_PACKAGES):
            continue
        parts, dots, node = [sub.id], [], sub
        while True:
            up = parents.get(node)
            if not (isinstance(up, ast.Attribute) and up.value is node):
                value = None  # the chain ends at a module: nothing to name
                break
            line = lines[node.end_lineno - 1] if node.end_lineno <= len(lines) else ""
            col = node.end_col_offset
            if (up.end_lineno != node.end_lineno or col >= len(line) or line[col] != "."
                    or not hasattr(value, up.attr)):
                value = None
                break
            parts.append(up.attr)
            dots.append((node.end_lineno, col))
            value = getattr(value, up.attr)
            node = up
            if not isinstance(value, types.ModuleType):
                break
        if value is None:
            continue
        alias = "_".join(parts)
        if alias in fs.names or alias in fn.__globals__:
            continue
        out.append((alias, value, dots))
    return out


def _undot(text: str, col: int) -> str:
    """`text` with the ``.`` at `col` turned into ``_``."""
    return text[:col] + "_" + text[col + 1:] if text[col:col + 1] == "." else text


def _global_names(code):
    """The global names a function's body reads, with those of the
    functions defined inside it (a nested function is compiled with its
    enclosing one; its free variables are the enclosing one's)."""
    names = set(code.co_names)
    for k in code.co_consts:
        if isinstance(k, types.CodeType):
            names |= _global_names(k)
    return names


def _resolve(fn, name):
    """(found, value) for a name a function's body reads: a closure
    variable, a global, or (not found) a builtin / unknown name."""
    code = fn.__code__
    if name in code.co_freevars and fn.__closure__:
        cell = fn.__closure__[code.co_freevars.index(name)]
        try:
            return True, cell.cell_contents
        except ValueError:  # an empty cell
            return False, None
    g = fn.__globals__
    if name in g:
        return True, g[name]
    return False, None


def _py_function(value):
    """The Python function behind a kernelc kernel / device function, or a
    plain Python function (treated as a device function, as the kernel
    language says), or None. A lambda (``sq = cuda.jit(lambda x: x * x,
    device=True)``) is given as the equal ``def`` (:func:`_lambda_def`)."""
    inner = getattr(value, "py_func", None)
    fn = None
    if isinstance(inner, types.FunctionType) and (
            getattr(value, "_kc_dispatcher", False) or _is_numba_dispatcher(value)):
        fn = inner
    elif isinstance(value, types.FunctionType) and not getattr(value, "_kc_intrinsic", False):
        fn = value
    if fn is not None and fn.__name__ == "<lambda>":
        fn = _lambda_def(fn)
    return fn


@functools.lru_cache(maxsize=256)
def _lambda_def(fn):
    """The ``def`` equal to lambda `fn` (:func:`function_of_lambda`), made
    once per lambda, named after its line (``lambda_12``): the name its
    calls have in the view and in diagnostics."""
    return function_of_lambda(fn, f"lambda_{fn.__code__.co_firstlineno}")


def _device_decorator(value):
    """The decorator line a device function `value` is compiled with in
    the view: its signatures (`@cuda.jit("int32(int32)", device=True)`:
    its arguments convert to them), or None."""
    sigs = getattr(value, "sigs", None) if getattr(value, "_kc_device", False) else None
    return f"@{_KC_CUDA}.jit({list(sigs)!r}, device=True)" if sigs else None


def _function_tuple(value: tuple, funcs: list, arrays: dict, prefix: str, classes: dict):
    """The text of a tuple that holds device functions or NumPy arrays (at
    any depth; its other items constants), appending (function, decorator)
    of each function to `funcs` and naming each array `PREFIX_K` (`K` its
    position, `_`-joined for nested tuples) in `arrays`; None for any other
    tuple. A named tuple is written as a call of its class (``Grid(A_0,
    0.5)``), the class added to `classes` (class -> None)."""
    items = []
    holds_function = False
    for k, item in enumerate(value):
        inner = _py_function(item)
        if inner is not None:
            funcs.append((inner, _device_decorator(item)))
            items.append(inner.__name__)
            holds_function = True
        elif (isinstance(item, np.ndarray) and not isinstance(item, np.generic)
              and not item.dtype.hasobject):
            arrays[f"{prefix}_{k}"] = item
            items.append(f"{prefix}_{k}")
            holds_function = True
        elif isinstance(item, tuple):
            text = _function_tuple(item, funcs, arrays, f"{prefix}_{k}", classes)
            if text is None:
                text = _literal(item, classes)
                if text is None:
                    return None
            else:
                holds_function = True
            items.append(text)
        else:
            text = _literal(item, classes)
            if text is None:
                return None
            items.append(text)
    if not holds_function:
        return None
    if _is_namedtuple_class(type(value)):
        classes[type(value)] = None
        return f"{type(value).__name__}(" + ", ".join(items) + ")"
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _is_cffi_ffi(value) -> bool:
    """True for a ``cffi.FFI()`` object (recognised by its class, without
    importing cffi)."""
    t = type(value)
    return t.__name__ == "FFI" and (t.__module__ or "").startswith("cffi")


def _is_device_array(value) -> bool:
    """A device array (kernelc's or Numba's ``DeviceNDArray``, or any
    object with ``__cuda_array_interface__``), not a type."""
    return not isinstance(value, type) and hasattr(value, "__cuda_array_interface__")


def _device_array_type(name: str, value) -> str:
    """The Numba type of a captured device array, as the compiler reads it
    (``array(float32, 2d, C)``)."""
    from ._types import Array, typeof

    try:
        t = typeof(value)
    except TypeError as e:
        raise TypeError(f"the device array '{name}' a kernel reads: {e}") from None
    if not isinstance(t, Array):
        raise TypeError(f"'{name}' has __cuda_array_interface__ but is not an array ({t})")
    return str(Array(t.dtype, t.ndim, t.layout))


def _is_numba_dispatcher(value) -> bool:
    """A function Numba compiled (``@numba.njit``, ``@numba.cuda.jit(device=True)``):
    a kernel calls it as a device function, as Numba compiles it for the
    device."""
    module = type(value).__module__ or ""
    if not module.startswith(("numba.", "numba_cuda.")):
        return False
    # Numba's own device functions (`numba.cuda.random`'s draws) are
    # intrinsics kernelc knows by name (see `_import_for`), not user code.
    defined_in = getattr(getattr(value, "py_func", None), "__module__", None) or ""
    return not defined_in.startswith(("numba.", "numba_cuda."))


def build_view(kernel_fn, device=False) -> KernelView:
    """The kernel view of `kernel_fn` (a Python function); with `device`,
    the view of it as a device function (``cuda.compile_ptx(...,
    device=True)``)."""
    main = function_source(kernel_fn)
    L = len(main.parsed.lines)
    view = [""] * L
    used = [False] * L  # lines a function occupies
    remap = {}
    imports = {}  # name -> statement
    consts = {}  # name -> literal
    hosts = set()  # names bound to host objects
    const_arrays = {}  # name -> NumPy array frozen into constant memory
    global_arrays = {}  # name -> device array captured by reference
    externs = {}  # name -> `declare_device` statement
    link = []  # files the declared functions need
    appended = []  # lines after the file, [(text, file, line, shift)]
    need_kc_cuda = False
    need_np = False
    need_cffi = False
    enums = {}  # name -> enum or named tuple class
    enum_members = {}  # name -> "Class.MEMBER"
    exceptions = {}  # name -> an exception class of the program
    value_tuples = {}  # name -> the text of a tuple holding functions
    instance_classes = {}  # named tuple classes of frozen named tuples -> None
    aliases = {}  # name -> the device function's own name

    def place_same_file(fs: FuncSource, decorator: str | None) -> bool:
        nonlocal need_kc_cuda
        lo, hi = fs.first - 1, fs.last  # 0-based [lo, hi)
        if any(used[lo:hi]):
            return False
        def_line = fs.node.lineno - 1
        if decorator and lo == def_line:
            # No decorator line (`k = cuda.jit(f)`): use the line above.
            if lo == 0 or used[lo - 1] or view[lo - 1]:
                return False
            lo -= 1
        lines = fs.parsed.lines
        for i in range(lo, hi):
            used[i] = True
            if i < def_line:
                view[i] = ""
            else:
                view[i] = _dedent(lines[i], fs.indent)
                if fs.indent:
                    remap[i + 1] = (fs.file, i + 1, fs.indent)
        if decorator:
            view[lo] = decorator
            need_kc_cuda = True
        return True

    def append_other(fs: FuncSource, decorator: str | None):
        nonlocal need_kc_cuda
        lines = fs.parsed.lines
        if decorator:
            appended.append((decorator, fs.file, fs.node.lineno, 0))
            need_kc_cuda = True
        for i in range(fs.node.lineno - 1, fs.last):
            appended.append((_dedent(lines[i], fs.indent), fs.file, i + 1, fs.indent))

    seen = set()
    # Each function with the decorator the compiler sees: a kernel's, a
    # device function's signatures (`@cuda.jit("int32(int32)",
    # device=True)`: its arguments convert to them), or none.
    work = [(kernel_fn, f"@{_KC_CUDA}.jit(device=True)" if device else f"@{_KC_CUDA}.jit")]
    while work:
        fn, is_kernel = work.pop(0)
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        fs = main if fn is kernel_fn else function_source(fn)
        same = fs.file == main.file and fs.parsed is main.parsed
        first_appended = len(appended)
        if not (same and place_same_file(fs, is_kernel)):
            append_other(fs, is_kernel)
        code = fn.__code__
        candidates = fs.names & (_global_names(code) | set(code.co_freevars))
        # Members of the user's modules (`mymod.add`), under an alias the
        # view's text is rewritten to use, dot by dot.
        members = {}
        for alias, value, dots in _module_members(fn, fs):
            members[alias] = value
            for line, col in dots:
                original = fs.parsed.lines[line - 1]
                if same and view[line - 1] and used[line - 1]:
                    shift = len(original) - len(view[line - 1])
                    view[line - 1] = _undot(view[line - 1], col - shift)
                for k in range(first_appended, len(appended)):
                    text, file, at, indent = appended[k]
                    if at == line and file == fs.file:
                        shift = len(original) - len(text)
                        appended[k] = (_undot(text, col - shift), file, at, indent)
        for name in sorted(candidates | set(members)):
            if (name in imports or name in consts or name in hosts or name in const_arrays
                    or name in global_arrays or name in enums or name in enum_members or name in value_tuples
                    or name in exceptions):
                continue
            if name in externs:
                continue
            found, value = (True, members[name]) if name in members else _resolve(fn, name)
            if not found:
                continue  # a builtin, or unknown: the compiler says which
            stmt = _cfarray_import(name, value)
            if stmt is not None:
                imports[name] = stmt
                continue
            if (_is_numba_dispatcher(value) and type(value).__name__ != "CUDADispatcher"
                    and getattr(value, "_can_compile", True) is False):
                # `@numba.jit("(i4, i4)")`: explicit signatures switch its
                # compilation off, for the device too (numba-cuda's
                # `resolve_value_type` and message).
                raise TypingError(
                    f"Untyped global name '{name}': using cpu function on device but its "
                    "compilation is disabled")
            inner = _py_function(value)
            if inner is not None:
                if inner.__name__ != name:
                    # Another name for it (`wrapped = cuda.jit(device=True)(f)`
                    # in a closure): bound at the end, as the compiler binds
                    # `sq = square` at module level.
                    aliases[name] = inner.__name__
                work.append((inner, _device_decorator(value)))
                continue
            if is_named_class(value):
                enums[name] = value
                continue
            if _is_program_exception(value):
                # `raise MyError(...)`: defined in the view under this name
                # (kernels need only that it is an exception class); the
                # launch error maps the name back to the class.
                exceptions[name] = value
                continue
            if isinstance(value, enum.Enum):
                # A member held in a global (`DEFAULT = Color.RED`).
                enum_members[name] = value
                continue
            if _is_cffi_ffi(value):
                # `ffi = cffi.FFI()`: kernels call its `from_buffer`, which
                # the compiler knows of an FFI object the file makes.
                externs[name] = f"{name} = {_KC_CFFI}.FFI()"
                need_cffi = True
                continue
            if getattr(value, "_kc_extern", False):
                externs[name] = (
                    f"{name} = {_KC_CUDA}.declare_device({value.name!r}, {value.sig_text!r}, "
                    f"abi={value.abi!r})"
                )
                need_kc_cuda = True
                link.extend(p for p in value.link if p not in link)
                continue
            funcs = []
            arrays = {}
            named = {}
            text = (_function_tuple(value, funcs, arrays, f"_kc_{name}", named)
                    if isinstance(value, tuple) else None)
            if text is not None:
                instance_classes.update(named)
                # A tuple holding device functions (`OPS = (add, mul)`) or
                # NumPy arrays (`CASES = (a, b)`): frozen, its functions
                # compiled with the kernel, its arrays constant arrays.
                value_tuples[name] = text
                const_arrays.update(arrays)
                work.extend(funcs)
                continue
            if isinstance(value, np.ndarray) and not isinstance(value, np.generic):
                # Read with cuda.const.array_like(NAME) or by its name: as
                # Numba freezes a global array, a read-only constant array
                # of its contents now.
                if value.dtype.hasobject:
                    raise TypingError(
                        f"'{name}' is a NumPy array of dtype {value.dtype}: kernels read "
                        "global arrays of numbers, complex numbers and records only")
                const_arrays[name] = value
                continue
            if _is_device_array(value):
                # A device array is not copied: the kernel reads and
                # writes it in place, passed as a hidden parameter.
                global_arrays[name] = (value, _device_array_type(name, value))
                continue
            if isinstance(value, np.void):
                # numba-cuda 0.30 with NumPy 2 fails on these too (its
                # constant_record calls the removed `tostring`).
                raise TypingError(
                    f"'{name}' is a NumPy record scalar read from a global or "
                    "closure variable: kernels cannot freeze record scalars; pass it as an "
                    "argument (a record array, read as `r[0]`), or its fields as numbers")
            rec = _record_dtype_source(value)
            if rec is not None:
                # A record dtype (a structured np.dtype or Numba's Record):
                # `np.dtype([...])` in the view, for cuda.local.array and
                # cuda.shared.array.
                consts[name] = rec
                need_np = True
                continue
            named = {}
            lit = _literal(value, named)
            if lit is not None and named:
                # A named tuple (`CFG = Cfg(1.5, 2)`), frozen as Numba
                # freezes it, with its class: after the classes' lines.
                value_tuples[name] = lit
                instance_classes.update(named)
                continue
            if lit is not None:
                consts[name] = lit
                need_np = need_np or _KC_NP in lit
                continue
            stmt = _import_for(name, value)
            if stmt is not None:
                imports[name] = stmt
                continue
            hosts.add(name)

    # Each enum class is defined once, under its own name (the name its
    # type prints with); other names for it are aliases.
    taken = (set(imports) | set(consts) | hosts | set(const_arrays) | set(global_arrays)
             | set(enum_members) | set(exceptions))
    classes = {}
    for cls in (list(enums.values()) + [type(m) for m in enum_members.values()]
                + list(instance_classes)):
        classes.setdefault(cls, cls.__name__)
    enum_lines = _class_lines(classes, taken)
    enum_lines += [f"{n} = {cls.__name__}" for n, cls in enums.items() if n != cls.__name__]
    enum_lines += [f"{n} = {type(m).__name__}.{m.name}" for n, m in enum_members.items()]
    need_np = need_np or any(_KC_NP in line for line in enum_lines + list(value_tuples.values()))
    stmts = list(dict.fromkeys(imports.values()))
    if need_kc_cuda:
        stmts.insert(0, f"import kernelc.cuda as {_KC_CUDA}")
    if need_np:
        stmts.append(f"import numpy as {_KC_NP}")
    if need_cffi:
        stmts.append(f"import cffi as {_KC_CFFI}")
    if classes:
        stmts.append(_CLASS_IMPORTS)
    header = "; ".join(stmts)
    line_shift = 0
    if header:
        first_used = next((i for i, u in enumerate(used) if u), L)
        slot = next((i for i in range(first_used) if not view[i]), None)
        if slot is None:
            view.insert(0, header)
            line_shift = 1
        else:
            view[slot] = header
    tail = [f"{n} = {lit}" for n, lit in consts.items()]
    tail += enum_lines
    tail += [f"class {n}(Exception): pass" for n in exceptions]
    tail += [f"{n} = {text}" for n, text in value_tuples.items()]
    tail += [externs[n] for n in sorted(externs)]
    # Host globals (and the constant arrays, whose contents come with the
    # compile options) are bound to something that is not a constant.
    tail += [f"{n} = None" for n in sorted(hosts | set(const_arrays) | set(global_arrays))]
    remap = {k + line_shift: v for k, v in remap.items()}
    base = len(view)
    for k, (text, file, line, shift) in enumerate(appended):
        remap[base + len(tail) + k + 1] = (file, line, shift)
    body = view + tail + [a[0] for a in appended]
    body += [f"{n} = {f}" for n, f in sorted(aliases.items())]
    # (`np.require`, not `np.ascontiguousarray`, which makes a 0-d array 1-d.)
    const_arrays = {n: np.require(a, requirements="C") for n, a in const_arrays.items()}
    return KernelView(
        file=main.file,
        text="\n".join(body) + "\n",
        kernel=kernel_fn.__code__.co_name,
        const_arrays=const_arrays,
        global_arrays=global_arrays,
        remap=remap,
        line_shift=line_shift,
        classes=classes,
        exceptions=exceptions,
        taken=frozenset(taken) | frozenset(n for n, c in enums.items() if n != c.__name__),
        link=tuple(link),
    )


def _dedent(line: str, k: int) -> str:
    if not k:
        return line
    head = line[:k]
    if head.strip() == "":
        return line[k:]
    return line.lstrip()


def fix_locations(text: str, view: KernelView) -> str:
    """Rewrites ``file:line:col`` in rendered diagnostics, and ``file:line``
    in the CPU device's fault messages, from the view's coordinates to the
    user's file (nested functions were dedented, device functions from
    other files appended)."""
    if not view.remap and not view.line_shift:
        return text
    pat = re.compile(re.escape(view.file) + r":(\d+)(?::(\d+))?")

    def sub(m):
        line = int(m.group(1))
        file, orig, shift = view.remap.get(line, (view.file, line - view.line_shift, 0))
        if m.group(2) is None:
            return f"{file}:{orig}"
        return f"{file}:{orig}:{int(m.group(2)) + shift}"

    def gutter(m):
        # A source line's number in a diagnostic's snippet (`140 │ ...`),
        # a line of the view too: the same line as in its `┌─` header,
        # right-aligned in the gutter's width.
        line = int(m.group(1).strip())
        _, orig, _ = view.remap.get(line, (view.file, line - view.line_shift, 0))
        return str(orig).rjust(len(m.group(1))) + m.group(2)

    text = pat.sub(sub, text)
    if "\u2502" in text:
        text = re.sub(r"(?m)^( *\d+)( \u2502)", gutter, text)
    return text

