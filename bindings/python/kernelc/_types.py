"""Kernel-language types, spelled as Numba spells them, and Numba's typing of
host values (``typeof``).

A type prints exactly as Numba prints it (``float32``, ``array(float32, 1d,
C)``, ``UniTuple(int64, 2)``), which is also a spelling the compiler's
signature parser accepts, so a signature string for lazy specialisation is
just ``"void(" + ", ".join(map(str, types)) + ")"``.
"""

from __future__ import annotations

import enum
import numbers
import re

import numpy as np

#: The most dimensions of an array a kernel takes (the C API's
#: ``KC_MAX_NDIM``; Numba sets no limit).
MAX_NDIM = 8

__all__ = [
    "Type", "Scalar", "Record", "Array", "Tuple", "NoneType", "Signature", "EnumMember",
    "NumberClass", "CPointer",
    "typeof", "type_key", "from_dtype", "signature_text", "from_numba", "as_signature",
]


class Type:
    """Base of every kernel-language type."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


class Scalar(Type):
    """A scalar type: ``int32``, ``float64``, ``bool``..."""

    __slots__ = ("name", "dtype")

    def __init__(self, name: str, dtype):
        self.name = name
        self.dtype = np.dtype(dtype)

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other) -> bool:
        return isinstance(other, Scalar) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("scalar", self.name))

    # `float32[:]`, `float32[:, ::1]`, `float32[::1, :]`: array types.
    def __getitem__(self, key) -> "Array":
        if not isinstance(key, tuple):
            key = (key,)
        if not 1 <= len(key) <= MAX_NDIM or not all(isinstance(k, slice) for k in key):
            raise TypeError(f"{self}[...] takes 1 to {MAX_NDIM} slices, e.g. {self}[:, ::1]")
        contiguous = [k.step == 1 for k in key]
        if any(k.start is not None or k.stop is not None for k in key) or any(
            k.step not in (None, 1) for k in key
        ):
            raise TypeError(f"array types are written {self}[:] or {self}[::1]")
        layout = "A"
        if len(key) == 1:
            layout = "C" if contiguous[0] else "A"
        elif contiguous[-1] and not any(contiguous[:-1]):
            layout = "C"
        elif contiguous[0] and not any(contiguous[1:]):
            layout = "F"
        elif any(contiguous):
            raise TypeError("only the first or the last dimension can be contiguous")
        return Array(self, len(key), layout)

    # `void(float32[:])` / `float32(float32)`: signatures.
    def __call__(self, *args) -> "Signature":
        if len(args) == 1 and not _is_type(args[0]):
            # `float32(1.5)` on the host: a NumPy scalar, as numba's types do.
            return self.dtype.type(args[0])
        return Signature(self, args)


class NoneType(Type):
    """The return type of a kernel (``void`` / ``none``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "none"

    def __eq__(self, other) -> bool:
        return isinstance(other, NoneType)

    def __hash__(self) -> int:
        return hash("none")

    def __call__(self, *args) -> "Signature":
        return Signature(self, args)


class Record(Type):
    """A record type: a NumPy structured dtype, Numba's ``Record`` (fields
    of numbers, arrays of them, nested records), printed as Numba prints it
    (``Record(x[type=float32;offset=0],y[type=int32;offset=4];8;True)``).
    ``rec[::1]`` is an array of records."""

    __slots__ = ("name", "dtype")

    def __init__(self, dtype):
        dt = np.dtype(dtype)
        if dt.names is None:
            raise TypeError(f"{dt} is not a structured dtype")
        fields = []
        for field in dt.names:
            fdt, offset = dt.fields[field][:2]
            fields.append(f"{field}[type={_field_type_name(fdt)};offset={offset}]")
        self.name = f"Record({','.join(fields)};{dt.itemsize};{dt.isalignedstruct})"
        self.dtype = dt

    @classmethod
    def from_name(cls, text: str) -> "Record":
        """The record Numba's spelling describes (array fields as
        ``nestedarray(uint8, (5,))``, nested records as ``Record(...)``)."""
        return cls(_record_dtype(text))

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other) -> bool:
        # Numba's Record for the same dtype is equal too (kernelc takes
        # Numba's type objects wherever it takes its own: `from_numba`).
        if not isinstance(other, Type) and type(other).__name__ == "Record":
            try:
                other = from_numba(other)
            except TypeError:
                return False
        return isinstance(other, Record) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("record", self.name))

    __getitem__ = Scalar.__getitem__


def _field_type_name(fdt) -> str:
    """A record field's type as Numba prints it: ``float32``,
    ``complex64``, ``nestedarray(uint8, (5,))``, ``Record(...)``."""
    if fdt.subdtype is not None:
        base, shape = fdt.subdtype
        return f"nestedarray({_field_type_name(base)}, {tuple(shape)})"
    if fdt.names is not None:
        return Record(fdt).name
    return str(from_dtype(fdt))


def _split_top(text: str) -> list:
    """``text`` split at the commas outside parentheses and brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _field_format(ty: str):
    """The NumPy format of a record field's type as Numba prints it."""
    if ty.startswith("Record("):
        return _record_dtype(ty)
    if ty.startswith("nestedarray(") and ty.endswith(")"):
        elem, shape = ty[len("nestedarray("):-1].split(", ", 1)
        dims = tuple(int(n) for n in shape.strip("()").split(",") if n.strip())
        return (_field_format(elem), dims)
    return parse_type_name(ty).dtype


def _record_dtype(text: str) -> np.dtype:
    """The NumPy dtype of a record in Numba's spelling."""
    if not (text.startswith("Record(") and text.endswith(")")):
        raise TypeError(f"not a record type: {text!r}")
    try:
        fields, size, aligned = text[len("Record("):-1].rsplit(";", 2)
        names, formats, offsets = [], [], []
        for field in _split_top(fields):
            name, rest = field.split("[type=", 1)
            ty, offset = rest[:-1].rsplit(";offset=", 1)
            names.append(name)
            formats.append(_field_format(ty))
            offsets.append(int(offset))
        return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                         "itemsize": int(size)}, align=aligned == "True")
    except (ValueError, TypeError) as e:
        raise TypeError(f"not a record type: {text!r} ({e})") from None


class Array(Type):
    """An array type: element type, 0 to ``MAX_NDIM`` dimensions, layout C,
    F or A."""

    __slots__ = ("dtype", "ndim", "layout", "readonly", "_hash")

    def __init__(self, dtype: Scalar, ndim: int, layout: str, readonly: bool = False):
        self.dtype = dtype
        self.ndim = ndim
        self.layout = layout
        self.readonly = readonly
        self._hash = hash(("array", dtype.name, ndim, layout, readonly))

    def __str__(self) -> str:
        ro = "readonly " if self.readonly else ""
        # An array of packed records is Numba's `unaligned` array.
        if isinstance(self.dtype, Record) and not self.dtype.dtype.isalignedstruct:
            ro = "unaligned " + ro
        return f"{ro}array({self.dtype}, {self.ndim}d, {self.layout})"

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Array)
            and other.dtype == self.dtype
            and other.ndim == self.ndim
            and other.layout == self.layout
            and other.readonly == self.readonly
        )

    def __hash__(self) -> int:
        return self._hash

    def accepts(self, other: "Array") -> bool:
        """True when an argument of type `other` can be passed for this
        parameter (same element type and rank; an `A` parameter takes any
        layout)."""
        return (
            other.dtype == self.dtype
            and other.ndim == self.ndim
            and (self.layout == "A" or other.layout == self.layout)
        )


class Tuple(Type):
    """A tuple of types (``UniTuple(int64, 2)``, ``Tuple(int64, float32)``),
    or an instance of a named tuple class `cls` (Numba's ``NamedTuple``:
    ``Point(float64 x 2)``, ``Point(float64, int64)``)."""

    __slots__ = ("types", "cls")

    def __init__(self, types, cls=None):
        self.types = tuple(types)
        self.cls = cls

    def __str__(self) -> str:
        t = self.types
        if self.cls is not None:
            if t and all(x == t[0] for x in t):
                return f"{self.cls.__name__}({t[0]} x {len(t)})"
            return f"{self.cls.__name__}(" + ", ".join(map(str, t)) + ")"
        if t and all(x == t[0] for x in t):
            return f"UniTuple({t[0]}, {len(t)})"
        return "Tuple(" + ", ".join(map(str, t)) + ")"

    def __eq__(self, other) -> bool:
        return isinstance(other, Tuple) and other.types == self.types and other.cls is self.cls

    def __hash__(self) -> int:
        return hash(("tuple", self.types, id(self.cls)))


class EnumMember(Type):
    """A member of an ``enum.Enum`` or ``enum.IntEnum`` class, as Numba
    types it: ``IntEnum<int64>(Color)``, ``Enum<float64>(Shape)`` (the type
    of the members' values, which must agree). The kernel view defines the
    class under its ``__name__`` (``_source.KernelView.with_classes``), the
    name the printed type uses."""

    __slots__ = ("cls", "dtype")

    def __init__(self, cls):
        self.cls = cls
        self.dtype = enum_dtype(cls)

    def __str__(self) -> str:
        base = "IntEnum" if issubclass(self.cls, enum.IntEnum) else "Enum"
        return f"{base}<{self.dtype}>({self.cls.__name__})"

    def __eq__(self, other) -> bool:
        return isinstance(other, EnumMember) and other.cls is self.cls

    def __hash__(self) -> int:
        return hash(("enum", id(self.cls)))


def enum_dtype(cls) -> "Type":
    """Numba's type of an enum class's values (``typeof`` of each, which
    must agree; numba's ``_typeof_enum_class``)."""
    members = list(cls.__members__.values())
    if not members:
        raise TypeError(f"cannot type the enum '{cls.__name__}': it has no members")
    kinds = set()
    for m in members:
        v = int(m) if issubclass(cls, enum.IntEnum) else m.value
        kinds.add(_enum_value_kind(v))
    if len(kinds) > 1:
        raise TypeError(f"cannot type heterogeneous enum '{cls.__name__}': "
                        f"got value types {', '.join(sorted(map(str, kinds)))}")
    (kind,) = kinds
    if isinstance(kind, tuple):
        # A tuple of numbers of one type: Numba's `UniTuple`.
        item, n = kind
        if item in SCALARS and not item.startswith("complex") and n > 0:
            return Tuple([SCALARS[item]] * n)
        raise TypeError(f"the enum '{cls.__name__}' has tuple values of {item}: kernels take "
                        "enums whose values are numbers or bools, or tuples of numbers of "
                        "one type")
    if kind not in SCALARS or kind.startswith("complex"):
        raise TypeError(f"the enum '{cls.__name__}' has {kind} values: kernels take enums "
                        "whose values are numbers or bools, or tuples of numbers of one type")
    return SCALARS[kind]


def _enum_value_kind(v):
    """The type name of an enum member's value as Numba's ``typeof`` names
    it, or ``(item type name, count)`` for a tuple of one item type
    (``"mixed"`` as the item type of any other tuple)."""
    if not isinstance(v, tuple):
        return str(typeof(v))
    items = {str(typeof(x)) if not isinstance(x, tuple) else "tuple" for x in v}
    return (items.pop() if len(items) == 1 else "mixed", len(v))


def named_classes(t: Type):
    """The enum and named tuple classes a type names (in tuples too)."""
    if isinstance(t, EnumMember):
        yield t.cls
    elif isinstance(t, Tuple):
        if t.cls is not None:
            yield t.cls
        for x in t.types:
            yield from named_classes(x)


class NumberClass(Type):
    """A number type passed as a value (``np.float32``, ``numba.float32``
    as an argument), Numba's ``class(float32)``: known when the kernel is
    compiled, it carries no data at launch."""

    __slots__ = ("scalar",)

    def __init__(self, scalar: "Scalar"):
        self.scalar = scalar

    def __str__(self) -> str:
        return f"class({self.scalar})"

    def __eq__(self, other) -> bool:
        return isinstance(other, NumberClass) and other.scalar == self.scalar

    def __hash__(self) -> int:
        return hash(("class", self.scalar.name))


def number_class_of(value):
    """The :class:`NumberClass` of a number type given as a value (a NumPy
    scalar type, kernelc's or Numba's scalar type object), or None."""
    if isinstance(value, type) and issubclass(value, np.generic):
        try:
            return NumberClass(from_dtype(value))
        except (TypeError, KeyError):
            return None
    if isinstance(value, Scalar):
        return NumberClass(value)
    if (type(value).__module__ or "").startswith("numba"):
        try:
            t = from_numba(value)
        except (TypeError, KeyError, ValueError):
            return None
        return NumberClass(t) if isinstance(t, Scalar) else None
    return None


class CPointer(Type):
    """A pointer to elements of global memory (Numba's ``CPointer``,
    printed ``float32*``): a kernel takes it as an address, a Python ``int``
    (``ary.__cuda_array_interface__["data"][0]``), as numba-cuda does."""

    __slots__ = ("dtype",)

    def __init__(self, dtype):
        dtype = from_numba(dtype)
        if not isinstance(dtype, (Scalar, Record)):
            raise TypeError(f"CPointer takes a number or record type, not {dtype}")
        self.dtype = dtype

    def __str__(self) -> str:
        return f"{self.dtype}*"

    def __eq__(self, other) -> bool:
        return isinstance(other, CPointer) and other.dtype == self.dtype

    def __hash__(self) -> int:
        return hash(("pointer", self.dtype))


class Signature:
    """``return_type(arg types...)``, as ``void(float32[:], int32)`` builds."""

    __slots__ = ("return_type", "args")

    def __init__(self, return_type: Type, args):
        # Numba's type objects may be mixed in (`kernelc.void(numba.float32[:])`).
        self.return_type = from_numba(return_type)
        self.args = tuple(from_numba(a) for a in args)

    def __str__(self) -> str:
        return f"{self.return_type}(" + ", ".join(map(str, self.args)) + ")"

    __repr__ = __str__


def _is_type(x) -> bool:
    """True for a type object, kernelc's or Numba's (a value, such as a
    member of an enum defined in a `numba.*` module, is not one)."""
    if isinstance(x, Type):
        return True
    if isinstance(x, (enum.Enum, numbers.Number, np.generic)):
        return False
    return (type(x).__module__ or "").startswith("numba")


_SCALARS = {
    "bool": np.bool_,
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
    "uint8": np.uint8,
    "uint16": np.uint16,
    "uint32": np.uint32,
    "uint64": np.uint64,
    "float16": np.float16,
    "float32": np.float32,
    "float64": np.float64,
    "complex64": np.complex64,
    "complex128": np.complex128,
}

try:
    # numba-cuda's bfloat16 is NumPy's through ml_dtypes (as its tests use
    # it); without ml_dtypes kernels still use bfloat16, but arrays of it
    # cannot be made.
    import ml_dtypes as _ml_dtypes

    _SCALARS["bfloat16"] = _ml_dtypes.bfloat16
except ImportError:  # pragma: no cover - ml_dtypes is a test dependency
    _ml_dtypes = None

SCALARS = {name: Scalar(name, dt) for name, dt in _SCALARS.items()}
boolean = SCALARS["bool"]
int64 = SCALARS["int64"]
float64 = SCALARS["float64"]
void = NoneType()

_BY_DTYPE = {np.dtype(dt): SCALARS[name] for name, dt in _SCALARS.items()}

# Extra names Numba accepts for the same types.
ALIASES = {
    "boolean": "bool", "bool_": "bool", "b1": "bool",
    "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
    "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
    "f2": "float16", "f4": "float32", "f8": "float64",
    "intp": "int64", "uintp": "uint64", "int_": "int64", "float_": "float64",
    "double": "float64", "single": "float32", "half": "float16",
    "c8": "complex64", "c16": "complex128", "csingle": "complex64", "cdouble": "complex128",
    "complex_": "complex128",
}


def from_dtype(dtype) -> Scalar:
    """The scalar type of a NumPy dtype, or the record type of a structured
    one; ``TypeError`` for one kernels cannot use (object, strings...)."""
    dt = np.dtype(dtype)
    if dt.names is not None:
        return Record(dt)
    try:
        return _BY_DTYPE[dt.newbyteorder("=") if dt.byteorder == ">" else dt]
    except KeyError:
        raise TypeError(f"kernels cannot use arrays or scalars of dtype {dt}") from None


def _layout(a) -> str:
    flags = a.flags
    if flags.c_contiguous:
        return "C"
    if flags.f_contiguous:
        return "F"
    return "A"


def typeof(value) -> Type:
    """Numba's type for a kernel argument: Python ``int`` → int64,
    ``float`` → float64, ``complex`` → complex128, ``bool`` → bool; NumPy
    scalars keep their dtype;
    arrays (NumPy, device arrays, anything with ``__cuda_array_interface__``)
    → element type, rank and layout; tuples → tuple types."""
    if isinstance(value, enum.Enum):
        return EnumMember(type(value))
    cls = number_class_of(value) if isinstance(value, type) or _is_type(value) else None
    if cls is not None:
        return cls
    if isinstance(value, bool):
        return boolean
    if isinstance(value, int):
        return _int_type(value)
    if isinstance(value, float):
        return float64
    if isinstance(value, complex):
        return SCALARS["complex128"]
    if isinstance(value, np.ndarray):
        if not 0 <= value.ndim <= MAX_NDIM:
            raise TypeError(f"kernels take arrays of 0 to {MAX_NDIM} dimensions, not {value.ndim}")
        return Array(from_dtype(value.dtype), value.ndim, _layout(value))
    if isinstance(value, np.generic):
        return from_dtype(value.dtype)
    kind = getattr(value, "_kc_type", None)
    if kind is not None:  # a DeviceNDArray
        return kind
    if getattr(value, "_kc_arg_hint", False):  # cuda.In / Out / InOut
        return typeof(value.value)
    cai = getattr(value, "__cuda_array_interface__", None)
    if cai is not None:
        from ._devicearray import interface_shape

        shape, strides, dtype = interface_shape(cai)
        return array_type(dtype, shape, strides)
    if isinstance(value, tuple):
        fields = getattr(type(value), "_fields", None)
        cls = type(value) if isinstance(fields, tuple) else None  # a named tuple
        return Tuple((typeof(v) for v in value), cls)
    raise TypeError(f"kernels cannot take an argument of type {type(value).__name__}")


def _int_type(value: int) -> Scalar:
    """Numba's type for a Python int: int64, or uint64 for values only it
    holds (``numba.cuda.typing.typeof._typeof_int``)."""
    if -(2**63) <= value < 2**63:
        return int64
    if 0 <= value < 2**64:
        return SCALARS["uint64"]
    raise ValueError("Int value is too large: %s" % value)


# Array types made by `array_type`, one object per (dtype, rank, layout):
# device arrays of the same type then share their `_kc_type` object, which
# launch plans compare by identity (``_launch``).
_ARRAY_TYPES = {}


def array_type(dtype, shape, strides) -> Array:
    """The type of an array given by dtype, shape and byte strides (the
    same object for equal types, see ``_ARRAY_TYPES``)."""
    ndim = len(shape)
    if not 0 <= ndim <= MAX_NDIM:
        raise TypeError(f"kernels take arrays of 0 to {MAX_NDIM} dimensions, not {ndim}")
    dtype = np.dtype(dtype)
    layout = layout_of(shape, strides, dtype.itemsize)
    key = (dtype, dtype.isalignedstruct, ndim, layout)
    t = _ARRAY_TYPES.get(key)
    if t is None:
        elem = from_dtype(dtype)
        t = Array(elem, ndim, layout)
        if len(_ARRAY_TYPES) >= 1024:  # many record dtypes: start again
            _ARRAY_TYPES.clear()
        _ARRAY_TYPES[key] = t
    return t


def layout_of(shape, strides, itemsize) -> str:
    """``C``, ``F`` or ``A`` as NumPy's flags would say (extents of 1 do not
    count; an empty array is C-contiguous)."""
    if any(d == 0 for d in shape):
        return "C"
    expect = itemsize
    c = True
    for d, s in zip(reversed(shape), reversed(strides)):
        if d != 1 and s != expect:
            c = False
            break
        expect *= d
    if c:
        return "C"
    expect = itemsize
    for d, s in zip(shape, strides):
        if d != 1 and s != expect:
            return "A"
        expect *= d
    return "F"


def type_key(value):
    """A cheap hashable key that determines ``typeof(value)``: the per-launch
    cache lookup uses it so the common case does no type construction."""
    t = type(value)
    if t is np.ndarray:
        f = value.flags
        # Equal structured dtypes may differ in alignment, which their
        # record types spell.
        dt = value.dtype
        return (t, dt, dt.isalignedstruct, value.ndim, f.c_contiguous, f.f_contiguous)
    if t is float or t is bool:
        return t
    if t is int:
        return t if -(2**63) <= value < 2**63 else None
    kind = getattr(value, "_kc_type", None)
    if kind is not None:
        return kind
    if isinstance(value, np.generic):
        return (value.dtype, value.dtype.isalignedstruct)
    return None  # not cheaply keyed: use typeof()


def signature_text(args, return_type: Type = void) -> str:
    """A signature string the compiler accepts: ``void(array(float32, 1d, C))``."""
    return f"{return_type}(" + ", ".join(_sig_arg(a) for a in args) + ")"


def _sig_arg(t: Type) -> str:
    # The compiler has no read-only arrays in signatures.
    if isinstance(t, Array) and t.readonly:
        return str(Array(t.dtype, t.ndim, t.layout))
    return str(t)


def parse_type_name(name: str) -> Scalar:
    """A scalar type by any of Numba's names (``float32``, ``f4``...)."""
    name = ALIASES.get(name, name)
    return SCALARS[name]


# -- Numba's own type objects ---------------------------------------------------


def from_numba(t) -> Type:
    """kernelc's type for a type object: kernelc's own, or Numba's
    (``numba.types`` / ``numba.cuda.types``: ``float32``, ``float32[:]``,
    ``types.Array(float32, 2, 'C')``, ``UniTuple``, ``Tuple``, ``none``).
    Read from the object's fields, never from its printed form (Numba prints
    an array ``Array(float32, 1, 'A', ...)`` in a signature). Numba is not
    imported: its objects are recognised by their class names and fields."""
    if isinstance(t, Type):
        return t
    kind = type(t).__name__
    if kind == "NoneType" or (kind == "Opaque" and str(t) == "none"):
        return void
    if kind == "Record":
        return Record.from_name(str(t))
    if kind in ("Array", "Buffer") and hasattr(t, "ndim") and hasattr(t, "layout"):
        dtype = from_numba(t.dtype)
        if not isinstance(dtype, (Scalar, Record)):
            raise TypeError(f"kernels cannot take arrays of {t.dtype}")
        return Array(dtype, int(t.ndim), str(t.layout), readonly=not getattr(t, "mutable", True))
    if kind == "CPointer" and hasattr(t, "dtype"):
        return CPointer(from_numba(t.dtype))
    if kind in ("UniTuple", "Tuple") and hasattr(t, "types"):
        return Tuple(from_numba(x) for x in t.types)
    if kind in ("Integer", "Float", "Boolean") or isinstance(getattr(t, "name", None), str):
        name = ALIASES.get(str(t.name), str(t.name))
        if name in SCALARS:
            return SCALARS[name]
    raise TypeError(f"kernelc has no type for {t!r}")


def as_signature(sig) -> "Signature | None":
    """A :class:`Signature` for a signature object (kernelc's, or Numba's:
    anything with ``args`` and ``return_type``), or for a tuple of argument
    types (return type void); None for anything else (a string is left to
    the compiler's parser)."""
    if isinstance(sig, Signature):
        return sig
    if isinstance(sig, tuple):
        return Signature(void, [from_numba(t) for t in sig])
    if hasattr(sig, "args") and hasattr(sig, "return_type") and not isinstance(sig, str):
        ret = void if sig.return_type is None else from_numba(sig.return_type)
        return Signature(ret, [from_numba(t) for t in sig.args])
    return None


def UniTuple(dtype, count) -> Tuple:
    """``UniTuple(int64, 2)``: a tuple of `count` items of one type, as
    ``numba.types.UniTuple``."""
    return Tuple((dtype,) * int(count))
