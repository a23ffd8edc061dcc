"""Numba's rules for passing an argument of one type to a parameter of
another, and its choice among a kernel's explicit signatures.

Conversion kinds, strictest first, as ``numba.cuda.typeconv.Conversion``:
``EXACT < PROMOTE < SAFE < UNSAFE``.

- Scalars follow ``numba.cuda.typeconv.rules``: the rules are listed below
  as Numba writes them, and a conversion along a chain of rules is as loose
  as its loosest step (``int8 -> int64`` is a promotion, ``int64 -> float32``
  unsafe); of several chains the strictest counts. This is the table Numba's
  type manager holds (the tests compare every pair with Numba's).
- Arrays convert (safely) to the same element type and rank with layout
  ``A`` or the same layout, not from read-only to writable
  (``Array.can_convert_to``).
- Tuples of the same length convert element by element, as loose as the
  loosest element; the empty tuple converts safely.
- An integer converts (unsafely) to a pointer (``CPointer``): numba-cuda
  passes the value of a pointer argument as an address.

:func:`resolve` is the dispatcher's choice for a kernel compiled for
explicit signatures (``typeconv.cpp``'s ``selectOverload``): each signature
is rated by its counts of (unsafe, safe, promote) conversions, compared in
that order, and the lowest wins; a tie at the lowest is ambiguous.
"""

from __future__ import annotations

from ._types import Array, CPointer, Scalar, Tuple

__all__ = ["EXACT", "PROMOTE", "SAFE", "UNSAFE", "can_convert", "rate", "resolve"]

EXACT, PROMOTE, SAFE, UNSAFE = 1, 2, 3, 4

# (a, b, a -> b, b -> a), in numba.cuda.typeconv.rules._init_casting_rules'
# order: `safe_unsafe(a, b)` is (a, b, SAFE, UNSAFE), and so on.
_RULES = [
    ("bool", "int8", SAFE, UNSAFE),
    ("bool", "uint8", SAFE, UNSAFE),
    ("int8", "int16", PROMOTE, UNSAFE),
    ("uint8", "uint16", PROMOTE, UNSAFE),
    ("int16", "int32", PROMOTE, UNSAFE),
    ("uint16", "uint32", PROMOTE, UNSAFE),
    ("int32", "int64", PROMOTE, UNSAFE),
    ("uint32", "uint64", PROMOTE, UNSAFE),
    ("uint8", "int16", SAFE, UNSAFE),
    ("uint16", "int32", SAFE, UNSAFE),
    ("uint32", "int64", SAFE, UNSAFE),
    ("int8", "float16", SAFE, UNSAFE),
    ("int16", "float32", SAFE, UNSAFE),
    ("int32", "float64", SAFE, UNSAFE),
    ("int16", "float16", UNSAFE, UNSAFE),
    ("int32", "float32", UNSAFE, UNSAFE),
    ("int64", "float64", SAFE, UNSAFE),
    ("uint64", "float64", SAFE, UNSAFE),
    ("float16", "float32", PROMOTE, UNSAFE),
    ("float32", "float64", PROMOTE, UNSAFE),
    # `tcr.safe(a, b)`: one way only.
    ("float32", "complex64", SAFE, None),
    ("float64", "complex128", SAFE, None),
    ("complex64", "complex128", PROMOTE, UNSAFE),
]


def _scalar_table():
    """{(from, to): kind} for every pair of scalar names a chain of rules
    connects: the strictest chain, each chain as loose as its loosest step
    (a shortest-path closure where a path costs its largest step)."""
    conv = {}
    for a, b, ab, ba in _RULES:
        conv[a, b] = min(ab, conv.get((a, b), ab))
        if ba is not None:
            conv[b, a] = min(ba, conv.get((b, a), ba))
    names = sorted({n for a, b, _, _ in _RULES for n in (a, b)})
    for k in names:
        for i in names:
            for j in names:
                if i == j or (i, k) not in conv or (k, j) not in conv:
                    continue
                step = max(conv[i, k], conv[k, j])
                if step < conv.get((i, j), UNSAFE + 1):
                    conv[i, j] = step
    return conv


SCALAR_CONVERSIONS = _scalar_table()


def _bf16_conversion(have, want):
    """numba-cuda's ``Bfloat16.can_convert_to`` / ``can_convert_from`` (no
    rule of the type manager names it): to float32 and float64 safely, to
    float16 and the integers unsafely; from the 8-bit integers safely, from
    the other integers and the floats unsafely; never bool or complex."""
    if "bool" in (have, want) or have.startswith("complex") or want.startswith("complex"):
        return None
    if have == "bfloat16":
        return SAFE if want in ("float32", "float64") else UNSAFE
    return SAFE if have in ("int8", "uint8") else UNSAFE


def can_convert(have, want):
    """The kind of conversion from an argument of type `have` to a
    parameter of type `want`, or None when there is none."""
    if have == want:
        return EXACT
    if isinstance(have, Scalar) and isinstance(want, Scalar):
        if "bfloat16" in (have.name, want.name):
            return _bf16_conversion(have.name, want.name)
        return SCALAR_CONVERSIONS.get((have.name, want.name))
    if isinstance(have, Array) and isinstance(want, Array):
        if (
            have.dtype == want.dtype
            and have.ndim == want.ndim
            and want.layout in ("A", have.layout)
            and (want.readonly or not have.readonly)
        ):
            return SAFE
        return None
    if isinstance(want, CPointer):
        return UNSAFE if isinstance(have, Scalar) and have.dtype.kind in "iu" else None
    if isinstance(have, Tuple) and isinstance(want, Tuple):
        if len(have.types) != len(want.types):
            return None
        if not have.types:
            return SAFE
        kinds = [can_convert(a, b) for a, b in zip(have.types, want.types)]
        return None if None in kinds else max(kinds)
    return None


def rate(types, params):
    """(unsafe, safe, promote) conversion counts for passing arguments of
    `types` to parameters of `params`, or None when one does not convert."""
    if len(types) != len(params):
        return None
    counts = {PROMOTE: 0, SAFE: 0, UNSAFE: 0}
    for have, want in zip(types, params):
        kind = can_convert(have, want)
        if kind is None:
            return None
        if kind != EXACT:
            counts[kind] += 1
    return (counts[UNSAFE], counts[SAFE], counts[PROMOTE])


def resolve(types, candidates):
    """The candidates (each a tuple of parameter types, in the kernel's
    order of signatures) that arguments of `types` fit best: none when no
    candidate takes them, one when the choice is clear, several when it is
    ambiguous (Numba raises then)."""
    rated = [(r, c) for c in candidates if (r := rate(types, c)) is not None]
    if not rated:
        return []
    best = min(r for r, _ in rated)
    return [c for r, c in rated if r == best]
