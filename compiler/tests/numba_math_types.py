"""Write ``numba_math_types.json``: the types numba-cuda's own pipeline gives
``math.exp2``, ``frexp``, ``modf``, ``ldexp``, ``remainder`` and
``nextafter``, and the one-argument functions that have a float16 form, over
every scalar type (float16 included, which ``tests/differential``'s table
leaves out), as ``numba_type_table.rs`` reads them.

    python compiler/tests/numba_math_types.py

Each entry types ``r = math.f(a[0])`` (or ``math.f(a[0], b[0])``) with
``compile_cuda``, as ``tests/numba/dump_types.py`` does, on the fake sm_80
device of ``tests/numba/_corpus.py`` (the float16 forms need a device with
float16 support); ``null`` where Numba rejects the call. Re-run it when Numba
is upgraded."""

import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "numba"))
import _corpus  # noqa: E402

_corpus.setup()

from numba.core import types  # noqa: E402
from numba.cuda.compiler import compile_cuda  # noqa: E402

SCALARS = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float16", "float32", "float64"]
UNARY = ["exp2", "frexp", "modf", "sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tanh",
         "fabs", "floor", "ceil", "trunc", "acos", "erf", "isnan"]
BINARY = ["ldexp", "remainder", "nextafter"]


def ty(name):
    return getattr(types, "boolean" if name == "bool" else name)


def name_of(t):
    t = types.unliteral(t)
    if t == types.boolean:
        return "bool"
    if isinstance(t, types.UniTuple):
        return f"UniTuple({name_of(t.dtype)}, {t.count})"
    if isinstance(t, types.BaseTuple):
        return "Tuple(" + ", ".join(name_of(x) for x in t.types) + ")"
    return str(t)


def kernel(call):
    ns = {"math": math}
    exec(f"def k(a, b):\n    r = {call}\n", ns)
    return ns["k"]


def result(call, a, b):
    args = (types.Array(ty(a), 1, "C"), types.Array(ty(b), 1, "C"))
    try:
        cres = compile_cuda(kernel(call), types.void, args, cc=(8, 0))
    except Exception:  # noqa: BLE001 - an untypable combination
        return None
    return name_of(cres.fndesc.typemap["r"])


def main():
    table = {}
    for f in UNARY:
        for a in SCALARS:
            table[f"{f} {a}"] = result(f"math.{f}(a[0])", a, "int64")
    for f in BINARY:
        for a in SCALARS:
            for b in SCALARS:
                table[f"{f} {a} {b}"] = result(f"math.{f}(a[0], b[0])", a, b)
    with open(os.path.join(HERE, "numba_math_types.json"), "w") as out:
        json.dump(table, out, indent=0, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
