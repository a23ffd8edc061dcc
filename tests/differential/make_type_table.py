"""Write ``numba_types.json``: Numba CUDA's result types for the operations the
generator (``gen.py``) emits, over every scalar type, asked of Numba's own CUDA
typing context (no GPU needed).

    python tests/differential/make_type_table.py

The generator uses the table to know each expression's type (to pick legal
operators and to guard undefined behaviour); Numba stays the referee of the
values. Re-run it when Numba is upgraded."""

import builtins
import cmath
import json
import math
import operator
import os

from numba.core import types
from numba.cuda.descriptor import cuda_target

SCALARS = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
           "uint64", "float32", "float64"]
BINOPS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow,
    "&": operator.and_, "|": operator.or_, "^": operator.xor,
    "<<": operator.lshift, ">>": operator.rshift,
}
UNOPS = {"-": operator.neg, "+": operator.pos, "~": operator.invert}
MATH1 = ["sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
         "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
         "fabs", "floor", "ceil", "trunc", "erf", "erfc", "gamma", "lgamma",
         "isnan", "isinf", "isfinite", "radians", "degrees"]
MATH2 = ["atan2", "pow", "copysign", "fmod", "hypot"]
# Complex numbers (the ``complex`` feature class): the operators, joins and
# builtins that take them, against every scalar type, and ``cmath``.
COMPLEX = ["complex64", "complex128"]
COMPLEX_BINOPS = ["+", "-", "*", "/"]
CMATH1 = ["sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
          "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "phase", "isnan", "isinf",
          "isfinite"]


def ty(name):
    return getattr(types, "boolean" if name == "bool" else name)


def name_of(t):
    if t is None:
        return None
    t = types.unliteral(t)
    return "bool" if t == types.boolean else str(t)


def main():
    ctx = cuda_target.typing_context
    ctx.refresh()

    def resolve(fn, args):
        try:
            sig = ctx.resolve_function_type(fn, args, {})
        except Exception:  # noqa: BLE001 - an untypable combination
            return None
        return None if sig is None else name_of(sig.return_type)

    table = {"binop": {}, "binop_lit": {}, "unop": {}, "unify": {}, "builtin": {}, "math": {}}
    lit = types.literal(2)
    for op, fn in BINOPS.items():
        for a in SCALARS:
            for b in SCALARS:
                table["binop"][f"{a} {op} {b}"] = resolve(fn, (ty(a), ty(b)))
            table["binop_lit"][f"{a} {op} lit"] = resolve(fn, (ty(a), lit))
    for op, fn in UNOPS.items():
        for a in SCALARS:
            table["unop"][f"{op}{a}"] = resolve(fn, (ty(a),))
    for a in SCALARS:
        for b in SCALARS:
            table["unify"][f"{a} {b}"] = name_of(ctx.unify_pairs(ty(a), ty(b)))
            for fn in ("min", "max"):
                table["builtin"][f"{fn} {a} {b}"] = resolve(getattr(builtins, fn), (ty(a), ty(b)))
        table["builtin"][f"abs {a}"] = resolve(abs, (ty(a),))
        for m in MATH1:
            table["math"][f"{m} {a}"] = resolve(getattr(math, m), (ty(a),))
        for m in MATH2:
            for b in SCALARS:
                table["math"][f"{m} {a} {b}"] = resolve(getattr(math, m), (ty(a), ty(b)))
    for a in SCALARS + COMPLEX:
        for b in SCALARS + COMPLEX:
            if a not in COMPLEX and b not in COMPLEX:
                continue
            for op in COMPLEX_BINOPS:
                table["binop"][f"{a} {op} {b}"] = resolve(BINOPS[op], (ty(a), ty(b)))
            table["unify"][f"{a} {b}"] = name_of(ctx.unify_pairs(ty(a), ty(b)))
    for a in COMPLEX:
        for op in ("-", "+"):
            table["unop"][f"{op}{a}"] = resolve(UNOPS[op], (ty(a),))
        table["builtin"][f"abs {a}"] = resolve(abs, (ty(a),))
        table["cmath"] = table.get("cmath", {})
        for m in CMATH1:
            # Some cmath functions are @overload implementations the bare
            # typing context does not resolve (compile_ptx compiles them):
            # only the answers it gives are kept.
            t = resolve(getattr(cmath, m), (ty(a),))
            if t is not None:
                table["cmath"][f"{m} {a}"] = t
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "numba_types.json")
    with open(out, "w") as f:
        json.dump(table, f, indent=0, sort_keys=True)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
