"""Seeded generator of well-typed Numba CUDA kernels for differential testing.

``generate(seed, features)`` returns a ``Program``: the Python source of one
``@cuda.jit`` kernel (plus device functions), its signature, the launch shape
and seeded inputs. The same seed and feature set always give the same program.

Every program is valid Numba CUDA and free of undefined behaviour that two
correct compilers may resolve differently:

* integer ``//`` and ``%`` never divide by 0 or by -1 (the divisor is guarded);
* shift counts are masked to 0..63 (integer shifts compute in 64 bits);
* integer ``**`` exponents are masked to 0..3 (also on a float base: Numba
  raises ZeroDivisionError for ``0.0 ** -1``, which silently ends the thread);
* a float converted to an integer (a cast, ``round``, or a store into an
  integer array) is guarded to the target's range, so nan and out-of-range
  values never reach the conversion;
* loops have constant, small trip counts.

Types are Numba's own: ``numba_types.json`` (written by ``make_type_table.py``
from Numba's CUDA typing context) gives the result type of every operator,
builtin and ``math`` function over every scalar type, and the unification of
two types at a join. Where the generator cannot be sure of a variable's type
(a variable re-assigned inside a loop takes the unification of its versions at
the loop header), the variable is marked *uncertain* and used only where every
scalar type is legal (``+ - *``, comparisons, ``min``/``max``, guarded stores).

Float values that went through an inexact ``math`` function or float ``**``
are *tainted*: they may only flow, through continuous operations, into float
outputs, which the runner then compares with a tolerance (``exact`` is False in
the output's slot description). Everything else must match bit for bit.

Feature classes (``FEATURES``) can be switched off one by one, so a run can
leave out a class with a known bug."""

import ast
import json
import os
import random
import re
from dataclasses import dataclass, field

import numpy as np

from gen_compound import CLASSES as COMPOUND_CLASSES
from gen_compound import Compound

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "numba_types.json")) as _f:
    TABLE = json.load(_f)

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
SCALARS = ["bool"] + INTS + FLOATS

FEATURES = {
    "arith": "+ - * / on every scalar type",
    "intdiv": "// and % (guarded divisors), on ints and floats",
    "bitwise": "& | ^ and shifts << >> (counts masked to 0..63)",
    "pow": "** on ints (exponent 0..3) and floats",
    "compare": "comparisons, chained comparisons",
    "boolops": "and / or / not (Python value semantics)",
    "unary": "unary - + ~ on wide types",
    "narrow_unary": "unary - and ~ on int8..int32, uint8..uint32 and bool",
    "condexpr": "a if c else b",
    "minmaxabs": "min, max, abs",
    "casts": "np.int8(x) .. np.float64(x), numba.int32(x), int(), float(), bool(), round()",
    "math_exact": "math.sqrt fabs floor ceil trunc copysign fmod isnan isinf isfinite",
    "math_inexact": "math.exp log sin cos tan atan atan2 tanh hypot pow erf log1p expm1 ... (tolerance)",
    "retype": "a variable re-assigned later with a value of another type",
    "join_if": "a variable given different types in the branches of an if/else",
    "join_loop": "a loop-carried variable re-assigned with another type in the body",
    "for_loop": "for v in range(...) with constant bounds",
    "while_loop": "while loops with a counter",
    "break_continue": "break / continue under a condition",
    "devfunc": "@cuda.jit(device=True) functions",
    "mixed_returns": "device functions whose returns have different types",
    "constfold": "constant expressions folded as CPython does (~True, 2 ** -1, 7 // -2)",
    "fdivzero": "float / // % by zero (inf, nan)",
    "nan_inputs": "nan and inf among the float inputs",
    "int_edges": "full-range integer inputs with min/max edge values (signed overflow follows)",
    "narrow_store": "stores converting to a narrower or other-kind array element type",
    "attrs": "len(a), a.shape[0], a.size, cuda.threadIdx.x / blockDim.x / blockIdx.x (int32), math.pi, math.e",
    "runtime_range": "range() with runtime bounds and steps (trip counts kept small)",
    "optional_returns": "device functions that may reach their end (returning None: Numba's "
                        "OptionalType), the caller replacing None with a literal after `is None`",
    **COMPOUND_CLASSES,
}

GENERIC_BINOPS = ["+", "-", "*"]
N = 64          # threads (= rows of every array)
BLOCK = 32


def kind(t):
    if t is None:
        return None
    if t == "bool":
        return "b"
    if t in FLOATS:
        return "f"
    return "u" if t.startswith("u") else "i"


def binop_type(a, op, b):
    return TABLE["binop"].get(f"{a} {op} {b}")


def unify(a, b):
    if a is None or b is None:
        return None
    return TABLE["unify"][f"{a} {b}"]


def int_range(t):
    info = np.iinfo(t)
    return int(info.min), int(info.max)


_CONST = re.compile(r"^[-+~0-9.e()\s*/%<>&|^]*$")


def const_value(code):
    """The value of an expression of plain literals (CPython folds those), else None."""
    bare = code.replace("True", "1").replace("False", "0")
    if not _CONST.match(bare) or not any(c.isdigit() for c in bare):
        return None
    try:
        return eval(code, {"__builtins__": {}})
    except Exception:  # noqa: BLE001 - not a constant after all
        return None


@dataclass
class E:
    """A generated expression: its source, Numba type (None: uncertain) and
    whether an inexact operation fed it."""
    code: str
    ty: str | None
    taint: bool = False
    boolop: str | None = None   # "and" / "or" when the expression is one


@dataclass
class Var:
    ty: str | None
    taint: bool = False


@dataclass
class Program:
    seed: int
    source: str
    kernel: str
    inputs: list          # [(name, dtype)]
    outputs: list         # [(name, dtype, slots)]
    exact: dict           # (output name, slot) -> bool (False: compare with tolerance)
    features: tuple
    arrays: dict = field(default_factory=dict)   # name -> np.ndarray (inputs and zeroed outputs)
    mats: list = field(default_factory=list)     # 2-D inputs (views): [(name, dtype, columns, layout)]

    def signature(self):
        parts = [f"{_sig_name(d)}[::1]" for _, d in self.inputs]
        parts += [f"{_sig_name(d)}{layout}" for _, d, _, layout in self.mats]
        parts += [f"{_sig_name(d)}[:, ::1]" for _, d, _ in self.outputs]
        return "void(" + ", ".join(parts) + ")"

    def params(self):
        return [n for n, _ in self.inputs] + [n for n, *_ in self.mats] + [n for n, _, _ in self.outputs]


def _sig_name(d):
    return "bool_" if d == "bool" else d


def _np_dtype(d):
    return np.bool_ if d == "bool" else np.dtype(d)


class Gen:
    def __init__(self, seed, features):
        self.rng = random.Random(seed)
        # The optional_returns choices draw from their own stream, so that
        # the programs of every seed stay the same apart from them.
        self.optional_rng = random.Random(seed * 7919 + 17)
        self.features = set(features)
        self.counter = 0
        self.funcs = []           # device function sources
        self.exact = {}
        self.loop_depth = 0
        self.in_device = False
        # views, tuples and complex: snippets with streams, names and
        # outputs of their own (gen_compound.py)
        self.compound = Compound(self, seed, TABLE)

    def on(self, f):
        return f in self.features

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def chance(self, p):
        return self.rng.random() < p

    # ----------------------------------------------------------------- literals
    def literal(self, want=None):
        r = self.rng
        ty = want or r.choice(["int64", "int64", "float64", "bool"] + SCALARS)
        k = kind(ty)
        if k == "b":
            return E(r.choice(["True", "False"]), "bool")
        if k == "f":
            v = r.choice([0.0, -0.0, 0.5, 1.0, -1.5, 2.0, 3.25, 1e10, -7.0,
                          round(r.uniform(-100, 100), 3), 0.1, 1e-3])
            code = repr(v)
            if ty == "float32":
                return E(f"np.float32({code})", "float32")
            return E(code, "float64")
        lo, hi = int_range(ty)
        v = r.choice([0, 1, 2, 3, 5, 7, -1, -3, 100, 255, 1 << 20, hi, lo, r.randint(-1000, 1000)])
        v = max(lo, min(hi, v))
        if ty == "int64":
            if v < -(1 << 62):
                v = -(1 << 62)
            return E(f"({v})" if v < 0 else str(v), "int64")
        return E(f"{self.castname(ty)}({v})", ty)

    def castname(self, ty):
        if ty == "bool":
            return "bool"
        return self.rng.choice([f"np.{ty}", ty, f"numba.{ty}"])

    def constfold(self):
        return self.rng.choice([
            E("(~True)", "int64"), E("(~False)", "int64"), E("(2 ** -1)", "float64"),
            E("(7 // -2)", "int64"), E("(-7 % 3)", "int64"), E("(2 ** 10)", "int64"),
            E("(-(3))", "int64"), E("(1 << 40)", "int64"), E("(3 / 2)", "float64"),
            E("(True + True)", "int64"), E("(-7.5 // 2)", "float64"), E("(7.5 % -2)", "float64"),
        ])

    # -------------------------------------------------------------- expressions
    def leaf(self, scope, want_kind=None):
        r = self.rng
        names = [n for n, v in scope.items() if want_kind is None or kind(v.ty) in want_kind]
        if names and r.random() < 0.6:
            n = r.choice(names)
            return E(n, scope[n].ty, scope[n].taint)
        if self.on("constfold") and r.random() < 0.05 and (want_kind is None or "i" in want_kind):
            return self.constfold()
        if self.on("attrs") and r.random() < 0.1:
            a = self.inputs[0][0]
            pool = [E(f"len({a})", "int64"), E(f"{a}.shape[0]", "int64"), E(f"{a}.size", "int64"),
                    E("cuda.threadIdx.x", "int32"), E("cuda.blockDim.x", "int32"),
                    E("cuda.blockIdx.x", "int32"), E("math.pi", "float64"), E("math.e", "float64")]
            pool = [e for e in pool if want_kind is None or kind(e.ty) in want_kind]
            if pool and not self.in_device:
                return r.choice(pool)
        if want_kind:
            choices = [t for t in SCALARS if kind(t) in want_kind]
            return self.literal(r.choice(choices))
        return self.literal()

    def expr(self, scope, depth, want_kind=None, clean=False):
        """An expression; ``want_kind``: set of kinds ('b', 'i', 'u', 'f') it must
        have (certain types only); ``clean``: no taint allowed."""
        for _ in range(20):
            e = self._expr(scope, depth, want_kind, clean)
            if e is None:
                continue
            if want_kind is not None and kind(e.ty) not in want_kind:
                continue
            if clean and e.taint:
                continue
            return e
        return self.literal(self.rng.choice([t for t in SCALARS if want_kind is None or kind(t) in want_kind]))

    def _expr(self, scope, depth, want_kind, clean):
        r = self.rng
        cscope = {n: v for n, v in scope.items() if not (clean and v.taint)}
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(cscope, want_kind)
        forms = ["arith"] * 4 + ["leaf"]
        for f in ("intdiv", "bitwise", "pow", "compare", "boolops", "unary", "narrow_unary",
                  "condexpr", "minmaxabs", "casts", "math_exact", "math_inexact", "fdivzero"):
            if self.on(f):
                forms.append(f)
        f = r.choice(forms)
        if f in ("fdivzero", "math_inexact", "pow") and r.random() < 0.6:
            f = "arith"         # rarer: they taint or saturate what they touch
        d = depth - 1
        if f == "leaf":
            return self.leaf(cscope, want_kind)
        if f == "arith":
            op = r.choice(["+", "-", "*", "/"]) if self.on("arith") else r.choice(GENERIC_BINOPS)
            a, b = self.expr(cscope, d), self.expr(cscope, d)
            if op == "/":
                b = self.nonzero(b, cscope)
            return self.binop(a, op, b)
        if f == "intdiv":
            op = r.choice(["//", "%"])
            a, b = self.expr(cscope, d), self.expr(cscope, d)
            if a.ty is None or b.ty is None or a.taint or b.taint:
                return None
            b = self.nonzero(b, cscope)
            if binop_type(a.ty, op, b.ty) in FLOATS and a.ty != "bool":
                a = self.bounded(a)
            return self.binop(a, op, b)
        if f == "fdivzero":
            a = self.expr(cscope, d, {"f", "i"}, clean=True)
            zero = r.choice(["0.0", "np.float32(0.0)", "(-0.0)"])
            return self.binop(a, r.choice(["/", "//", "%"]), E(zero, "float32" if "32" in zero else "float64"))
        if f == "bitwise":
            op = r.choice(["&", "|", "^", "<<", ">>"])
            a = self.expr(cscope, d, {"b", "i", "u"})
            if op in ("<<", ">>"):
                if r.random() < 0.5:
                    b = E(str(r.randint(0, 63)), "int64")
                else:
                    b = self.binop(self.expr(cscope, d, {"b", "i", "u"}), "&", E("63", "int64"))
                if a.ty == "bool":
                    return None
            else:
                b = self.expr(cscope, d, {"b", "i", "u"})
            return self.binop(a, op, b)
        if f == "pow":
            a = self.expr(cscope, d)
            if a.ty is None:
                return None
            if kind(a.ty) == "f":
                b = self.expr(cscope, d, {"f", "i"})
                if kind(b.ty) == "i":
                    # Numba raises ZeroDivisionError for 0.0 ** negative int
                    # (a CUDA thread then silently stops): keep it non-negative
                    b = self.binop(b, "&", E("3", "int64"))
                e = self.binop(a, "**", b)
                if e and kind(b.ty) == "f":
                    # float ** float is pow(), inexact; float ** int is
                    # Numba's repeated squaring, which kernelc computes bit
                    # for bit
                    e.taint = True
                return e
            b = self.expr(cscope, d, {"i", "u", "b"})
            b = self.binop(b, "&", E("3", "int64"))
            return self.binop(a, "**", b)
        if f == "compare":
            ops = ["<", "<=", ">", ">=", "==", "!="]
            a, b = self.expr(cscope, d, clean=True), self.expr(cscope, d, clean=True)
            if r.random() < 0.2:
                c = self.expr(cscope, d, clean=True)
                return E(f"({a.code} {r.choice(ops)} {b.code} {r.choice(ops)} {c.code})", "bool")
            return E(f"({a.code} {r.choice(ops)} {b.code})", "bool")
        if f == "boolops":
            if r.random() < 0.3:
                a = self.expr(cscope, d, clean=True)
                return E(f"(not {a.code})", "bool")
            a, b = self.expr(cscope, d, clean=True), self.expr(cscope, d)
            if const_value(a.code) is not None:
                return None     # `True or x` is typed from the literal alone
            op = r.choice(["and", "or"])
            if a.boolop is not None and a.boolop != op:
                # `(x or y) and b`: CPython 3.11's peephole pass threads the
                # jumps, so `x` is never a value of the whole and Numba
                # unifies only y and b; 3.12 does not (FINDINGS.md, F12).
                return None
            return E(f"({a.code} {op} {b.code})", unify(a.ty, b.ty), b.taint, op)
        if f in ("unary", "narrow_unary"):
            op = r.choice(["-", "+", "~"])
            wide = ["int64", "uint64", "float32", "float64"]
            a = self.expr(cscope, d, {"b", "i", "u", "f"})
            if f == "unary" and a.ty not in wide:
                a = self.leaf(cscope, {"i", "u", "f"})
                if a.ty not in wide:
                    return None
            if f == "narrow_unary" and a.ty in wide:
                return None
            t = TABLE["unop"].get(f"{op}{a.ty}")
            if t is None:
                return None
            return E(f"({op}{a.code})", t, a.taint)
        if f == "condexpr":
            c = self.expr(cscope, d, clean=True)
            a, b = self.expr(cscope, d), self.expr(cscope, d)
            cv = const_value(c.code)
            if cv is not None:
                # Numba prunes the arm a literal condition never takes: the
                # value has the other arm's type (a literal's, as CPython
                # folded it, which min/max may not accept: leave it out).
                taken = a if cv else b
                if const_value(taken.code) is not None:
                    return None
                return E(f"({a.code} if {c.code} else {b.code})", taken.ty, taken.taint)
            return E(f"({a.code} if {c.code} else {b.code})", unify(a.ty, b.ty), a.taint or b.taint)
        if f == "minmaxabs":
            a = self.expr(cscope, d)
            if a.ty is None:
                return None
            if r.random() < 0.3:
                t = TABLE["builtin"].get(f"abs {a.ty}")
                return E(f"abs({a.code})", t, a.taint) if t else None
            b = self.expr(cscope, d)
            if b.ty is None or "bool" in (a.ty, b.ty):   # Numba has no min/max over bool
                return None
            fn = r.choice(["min", "max"])
            t = TABLE["builtin"].get(f"{fn} {a.ty} {b.ty}")
            return E(f"{fn}({a.code}, {b.code})", t, a.taint or b.taint) if t else None
        if f == "casts":
            a = self.expr(cscope, d, clean=True)
            target = r.choice(SCALARS + ["int", "float", "round"])
            return self.cast(a, target)
        if f == "math_exact":
            fn = r.choice(["sqrt", "fabs", "floor", "ceil", "trunc", "copysign", "fmod",
                           "isnan", "isinf", "isfinite"])
            a = self.expr(cscope, d, {"b", "i", "u", "f"}, clean=fn != "fabs")
            if fn == "sqrt":
                a = self.math1("fabs", a)
            if fn in ("copysign", "fmod"):
                b = self.expr(cscope, d, {"b", "i", "u", "f"}, clean=True)
                if fn == "fmod":
                    b = self.nonzero(b, cscope)
                return self.math2(fn, a, b)
            return self.math1(fn, a)
        if f == "math_inexact":
            fn = r.choice(["exp", "log", "sin", "cos", "tan", "atan", "tanh", "erf", "log1p",
                           "expm1", "atan2", "hypot", "pow", "log2", "log10", "sinh", "cosh",
                           "asinh", "asin", "acos"])
            a = self.expr(cscope, d, {"b", "i", "u", "f"})
            if a.ty is None:
                return None
            if fn in ("log", "log2", "log10", "log1p"):
                a = self.math1("fabs", a)
            if fn in ("asin", "acos"):
                a = self.math1("sin", a)
            if fn in ("exp", "expm1", "sinh", "cosh"):
                a = self.math1("atan", a)       # keeps the argument small
            if fn in ("atan2", "hypot", "pow"):
                b = self.expr(cscope, d, {"b", "i", "u", "f"})
                if b.ty is None:
                    return None
                if fn == "pow":
                    a = self.math1("fabs", a)
                e = self.math2(fn, a, b)
            else:
                e = self.math1(fn, a)
            if e:
                e.taint = True
            return e
        return None

    def binop(self, a, op, b):
        if a is None or b is None:
            return None
        if const_value(a.code) is not None and const_value(b.code) is not None:
            # CPython folds it before Numba sees it: keep the folded value in int64
            try:
                v = eval(f"({a.code}) {op} ({b.code})", {"__builtins__": {}})
            except (ArithmeticError, ValueError):
                return None
            if isinstance(v, int) and not -(1 << 63) <= v < (1 << 63):
                return None
        if a.ty is None or b.ty is None:
            if op not in GENERIC_BINOPS:
                return None
            return E(f"({a.code} {op} {b.code})", None, a.taint or b.taint)
        t = binop_type(a.ty, op, b.ty)
        if t is None:
            return None
        return E(f"({a.code} {op} {b.code})", t, a.taint or b.taint)

    def bounded(self, a):
        """``a`` kept within +-2**20 (a float ``//`` or ``%`` dividend): NVVM
        computes a float remainder as ``x - trunc(x / y) * y``, which is not
        the exact remainder kernelc (and CPython) give once the quotient is
        large (FINDINGS F9)."""
        repl = {"float64": "1.5", "int64": "3"}.get(a.ty, f"np.{a.ty}(3)")
        return E(f"({a.code} if -1048576 < {a.code} < 1048576 else {repl})", a.ty)

    def nonzero(self, b, scope):
        """``b`` guarded away from 0 and -1 (a divisor)."""
        if b.taint or b.ty is None:
            return self.literal(self.rng.choice(["int64", "float64", "float32", "int16"]))
        try:
            value = ast.literal_eval(b.code)
        except (ValueError, SyntaxError):
            value = None
        if value is not None:
            return E("3", "int64") if value in (0, -1) else b
        repl = "2" if b.ty in INTS or b.ty == "bool" else "2.0"
        repl = f"{self.castname(b.ty)}({repl})" if b.ty not in ("int64", "float64", "bool") else repl
        t = unify(b.ty, "int64" if repl == "2" else b.ty)
        if b.ty == "bool":
            return E(f"({b.code} if {b.code} else 2)", t)
        return E(f"({b.code} if ({b.code} > 0 or {b.code} < -1) else {repl})", t)

    def math1(self, fn, a):
        if a is None or a.ty is None:
            return None
        t = TABLE["math"].get(f"{fn} {a.ty}")
        return E(f"math.{fn}({a.code})", t, a.taint) if t else None

    def math2(self, fn, a, b):
        if a is None or b is None or a.ty is None or b.ty is None:
            return None
        t = TABLE["math"].get(f"{fn} {a.ty} {b.ty}")
        return E(f"math.{fn}({a.code}, {b.code})", t, a.taint or b.taint) if t else None

    def cast(self, a, target):
        """``a`` converted to ``target`` (a scalar type, or 'int', 'float', 'round'),
        guarded when a float (or uncertain) value meets an integer type."""
        if not self.on("casts") and target not in SCALARS:
            target = "int64"
        rty = {"int": "int64", "float": "float64", "round": "int64"}.get(target, target)
        if target == "int" and a.ty in INTS:
            rty = a.ty      # Numba: int() of an integer keeps its type (uint64 stays uint64)
        fn = {"int": "int", "float": "float", "round": "round"}.get(target) or self.castname(target)
        if target == "round" and kind(a.ty) != "f":
            return None
        if target in ("int", "float") and a.ty in ("bool", None):
            return None     # Numba: "float() only support for numbers"
        code = f"{fn}({a.code})"
        if kind(rty) in ("i", "u") and kind(a.ty) in ("f", None):
            lo, hi = self.float_bounds(rty)
            code = f"({code} if {lo} < {a.code} < {hi} else {self.castname(rty) if rty != 'int64' else ''}(0))"
        return E(code, rty, a.taint)

    @staticmethod
    def float_bounds(ty):
        """Open float interval whose values truncate into ``ty``'s range."""
        bounds = {"int8": ("-129.0", "128.0"), "int16": ("-32769.0", "32768.0"),
                  "int32": ("-2147483649.0", "2147483648.0"),
                  "int64": ("-9.2e18", "9.2e18"), "uint8": ("-1.0", "256.0"),
                  "uint16": ("-1.0", "65536.0"), "uint32": ("-1.0", "4294967296.0"),
                  "uint64": ("-1.0", "1.8e19")}
        return bounds[ty]

    def to_store(self, e, dtype):
        """An expression to store into an array of ``dtype``, converting or
        guarding as needed."""
        k = kind(dtype)
        if k in ("i", "u") and (kind(e.ty) in ("f", None)):
            lo, hi = self.float_bounds(dtype)
            return f"({e.code} if {lo} < {e.code} < {hi} else 0)"
        if not self.on("narrow_store") and e.ty != dtype and e.ty is not None:
            return self.cast(e, dtype).code
        return e.code

    # --------------------------------------------------------------- statements
    def block(self, scope, depth, ctx, n):
        lines = []
        for _ in range(n):
            lines += self.stmt(scope, depth, ctx)
        return lines or ["pass"]

    def stmt(self, scope, depth, ctx):
        return self.compound.snippets(scope, ctx) + self.main_stmt(scope, depth, ctx)

    def main_stmt(self, scope, depth, ctx):
        r = self.rng
        kinds = ["assign"] * 4 + ["store"] * 2
        if depth > 0:
            kinds += ["if"] * 2
            if self.on("for_loop") and self.loop_depth < 2:
                kinds.append("for")
            if self.on("while_loop") and self.loop_depth < 2:
                kinds.append("while")
        if self.on("devfunc") and ctx.get("kernel") and len(self.funcs) < 3:
            kinds.append("call")
        if ctx.get("in_loop") and self.on("break_continue"):
            kinds.append("jump")
        if ctx.get("device") and depth > 0:
            kinds.append("return")
        k = r.choice(kinds)
        if k == "assign":
            return self.assign(scope, ctx)
        if k == "store":
            if not ctx.get("kernel"):
                return self.assign(scope, ctx)
            return self.store(scope)
        if k == "if":
            return self.if_stmt(scope, depth, ctx)
        if k == "for":
            return self.loop(scope, depth, ctx, "for")
        if k == "while":
            return self.loop(scope, depth, ctx, "while")
        if k == "call":
            return self.call(scope, ctx)
        if k == "jump":
            c = self.expr(scope, 1, clean=True)
            return [f"if {c.code}:", f"    {r.choice(['break', 'continue'])}"]
        if k == "return":
            c = self.expr(scope, 1, clean=True)
            e = self.ret_expr(scope, ctx)
            return [f"if {c.code}:", f"    return {e.code}"]
        return []

    def assignable(self, scope, ctx):
        """Names this statement may assign (a loop body may only assign its
        carried variables and its own fresh ones)."""
        allowed = ctx.get("assignable")
        return [n for n in scope if allowed is None or n in allowed]

    def assign(self, scope, ctx):
        r = self.rng
        names = self.assignable(scope, ctx)
        if names and r.random() < 0.5:
            n = r.choice(names)
            old = scope[n]
            if r.random() < 0.3 and old.ty is not None:
                # augmented assignment
                op = r.choice(["+", "-", "*"] + (["&", "|", "^"] if kind(old.ty) in "biu" and self.on("bitwise") else []))
                e = self.expr(scope, 2, {"b", "i", "u"} if op in "&|^" else None)
                res = self.binop(E(n, old.ty, old.taint), op, e)
                if res is None:
                    return []
                if not self.may_retype(ctx) and res.ty != old.ty:
                    return []
                self.set_var(scope, ctx, n, res)
                return [f"{n} {op}= {e.code}"]
            e = self.expr(scope, 2)
            if not self.may_retype(ctx) and e.ty != old.ty:
                if e.ty is None or old.ty is None:
                    return []
                e = self.cast(e, old.ty)
                if e is None:
                    return []
            self.set_var(scope, ctx, n, e)
            return [f"{n} = {e.code}"]
        n = self.fresh()
        e = self.expr(scope, 2)
        self.set_var(scope, ctx, n, e)
        if ctx.get("assignable") is not None:
            ctx["assignable"].add(n)
            ctx["fresh"].add(n)
        return [f"{n} = {e.code}"]

    def may_retype(self, ctx):
        if ctx.get("no_retype_join"):
            return False
        if ctx.get("in_loop_carried"):
            return self.on("join_loop")
        return self.on("retype")

    def set_var(self, scope, ctx, n, e):
        scope[n] = Var(e.ty, e.taint)
        if "assigned" in ctx:
            ctx["assigned"].setdefault(n, []).append(e.ty)

    def store(self, scope):
        r = self.rng
        name, dtype, slots = r.choice(self.outputs)
        s = r.randrange(slots)
        clean = kind(dtype) != "f"
        e = self.expr(scope, 2, clean=clean)
        if e.taint:
            self.exact[(name, s)] = False
        return [f"{name}[i, {s}] = {self.to_store(e, dtype)}"]

    def if_stmt(self, scope, depth, ctx):
        r = self.rng
        c = self.expr(scope, 2, clean=True)
        s1, s2 = dict(scope), dict(scope)
        sub = self.sub_ctx(ctx, join=True)
        body1 = self.block(s1, depth - 1, sub, r.randint(1, 3))
        lines = [f"if {c.code}:"] + ["    " + line for line in body1]
        if r.random() < 0.6:
            body2 = self.block(s2, depth - 1, sub, r.randint(1, 3))
            lines += ["else:"] + ["    " + line for line in body2]
        self.merge(scope, [s1, s2], ctx)
        return lines

    def sub_ctx(self, ctx, join=False):
        sub = dict(ctx)
        if join and not self.on("join_if"):
            sub["no_retype_join"] = True
        return sub

    def merge(self, scope, branches, ctx):
        """Variables after an if/else: those defined before, with the unified type."""
        for n in list(scope):
            tys = [b[n].ty for b in branches]
            t = tys[0]
            for u in tys[1:]:
                t = unify(t, u)
            scope[n] = Var(t, any(b[n].taint for b in branches))

    def loop(self, scope, depth, ctx, form):
        r = self.rng
        outer = [n for n in self.assignable(scope, ctx) if scope[n].ty is not None]
        carried = set(r.sample(outer, min(len(outer), r.randint(0, 2))))
        before = {n: scope[n] for n in scope}
        body_scope = dict(scope)
        for n in carried:
            if self.on("join_loop"):
                body_scope[n] = Var(None, scope[n].taint)
        sub = dict(ctx, in_loop=True, assignable=set(carried), fresh=set(), assigned={},
                   in_loop_carried=True)
        self.loop_depth += 1
        j = self.fresh("j")
        if form == "for":
            start, stop, step = r.choice([(None, r.randint(0, 6), None), (r.randint(-3, 2), r.randint(0, 5), None),
                                          (r.randint(4, 8), r.randint(-2, 3), -r.randint(1, 3)),
                                          (0, r.randint(1, 9), r.randint(1, 3))])
            args = ", ".join(str(x) for x in (start, stop, step) if x is not None)
            ints = [n for n, v in scope.items() if v.ty in INTS and not v.taint]
            if self.on("runtime_range") and ints and r.random() < 0.4:
                n, m = r.choice(ints), r.choice(ints)
                args = r.choice([f"int({n} & 7)", f"-2, int({n} & 7)",
                                 f"int({n} & 7), -3, -(int({m} & 1) + 1)",
                                 f"int({n} % 5 if {n} > 0 else 0), 9, int({m} & 3) + 1"])
            body_scope[j] = Var("int64")
            head = [f"for {j} in range({args}):"]
            body = self.block(body_scope, depth - 1, sub, r.randint(1, 4))
            lines = head + ["    " + line for line in body]
        else:
            bound = r.randint(0, 6)
            body_scope[j] = Var("int64")
            body = self.block(body_scope, depth - 1, sub, r.randint(1, 4))
            lines = [f"{j} = 0", f"while {j} < {bound}:", f"    {j} += 1"] + ["    " + line for line in body]
        self.loop_depth -= 1
        for n in carried:
            tys = [before[n].ty] + sub["assigned"].get(n, [])
            t = tys[0]
            for u in tys[1:]:
                t = unify(t, u)
            if any(u is None for u in tys):
                t = None
            taint = before[n].taint or body_scope[n].taint
            if self.on("join_loop"):
                # the header's unified type is hard to be sure of: only generic uses
                scope[n] = Var(t if all(u == tys[0] for u in tys) else None, taint)
            else:
                scope[n] = Var(before[n].ty, taint)
            if "assigned" in ctx:
                ctx["assigned"].setdefault(n, []).append(scope[n].ty)
        return lines

    # --------------------------------------------------------- device functions
    def call(self, scope, ctx):
        r = self.rng
        nparams = r.randint(1, 3)
        args = [self.expr(scope, 2, {"b", "i", "u", "f"}) for _ in range(nparams)]
        fname = f"dev{len(self.funcs)}"
        params = [f"p{k}" for k in range(nparams)]
        fscope = {p: Var(a.ty, a.taint) for p, a in zip(params, args)}
        fctx = {"device": True, "returns": []}
        saved = self.counter
        self.in_device = True       # no kernel arrays in a device function
        body = self.block(fscope, 2, fctx, r.randint(1, 4))
        final = self.ret_expr(fscope, fctx)
        self.in_device = False
        body.append(f"return {final.code}")
        self.counter = max(self.counter, saved)
        rets = fctx["returns"]
        t = rets[0].ty
        for e in rets[1:]:
            t = unify(t, e.ty)
        taint = any(e.taint for e in rets) or any(a.taint for a in args)
        o = self.optional_rng
        optional = self.on("optional_returns") and t is not None and o.random() < 0.5
        if optional:
            # The body runs only under a condition on a parameter: the
            # function may reach its end and return None.
            cond = f"{params[o.randrange(nparams)]} > {o.choice([0, 1, 3])}"
            body = [f"if {cond}:"] + ["    " + line for line in body]
        src = ["@cuda.jit(device=True)", f"def {fname}({', '.join(params)}):"] + ["    " + line for line in body]
        self.funcs.append("\n".join(src))
        call = f"{fname}({', '.join(a.code for a in args)})"
        lines = []
        if optional:
            # The result may be None (OptionalType(t)): None becomes a
            # literal, and `+ 0` takes the number (Numba types no truth
            # value or cast of an OptionalType, which later uses might be).
            raw = self.fresh()
            lines = [f"{raw} = {call}", f"if {raw} is None:", f"    {raw} = {self.zero_literal(t)}"]
            call = f"{raw} + 0"
            t = binop_type(t, "+", "int64")
        n = self.fresh()
        scope[n] = Var(t, taint)
        if "assigned" in ctx:
            ctx["assigned"].setdefault(n, []).append(t)
        if ctx.get("assignable") is not None:
            ctx["assignable"].add(n)
        return lines + [f"{n} = {call}"]

    def zero_literal(self, ty):
        """A literal of exactly type `ty` (drawing nothing from the main
        stream): the value a caller puts in place of None."""
        k = kind(ty)
        if k == "b":
            return "False"
        if ty == "float64":
            return "0.5"
        if ty == "float32":
            return "np.float32(0.5)"
        if ty == "int64":
            return "7"
        return f"{self.castname(ty)}(7)"

    def ret_expr(self, scope, ctx):
        e = self.expr(scope, 2)
        if e.ty is None:
            e = self.literal()
        prev = ctx["returns"]
        if prev and not self.on("mixed_returns") and e.ty != prev[0].ty:
            e = self.cast(e, prev[0].ty) if kind(e.ty) != "f" or kind(prev[0].ty) == "f" else self.literal(prev[0].ty)
        prev.append(e)
        return e

    # ------------------------------------------------------------------ program
    def program(self, seed):
        r = self.rng
        n_in = r.randint(1, 4)
        self.inputs = [(f"a{k}", r.choice(SCALARS)) for k in range(n_in)]
        n_out = r.randint(1, 3)
        self.outputs = [(f"o{k}", r.choice(SCALARS), r.randint(1, 4)) for k in range(n_out)]
        for name, _, slots in self.outputs:
            for s in range(slots):
                self.exact[(name, s)] = True
        scope = {}
        body = ["i = cuda.grid(1)", "if i < o0.shape[0]:"]
        inner = []
        for name, dtype in self.inputs:
            v = self.fresh()
            scope[v] = Var(dtype)
            inner.append(f"{v} = {name}[i]")
        inner += self.block(scope, 3, {"kernel": True}, r.randint(2, 6))
        # every output slot gets at least one store at the end
        for name, dtype, slots in self.outputs:
            for s in range(slots):
                e = self.expr(scope, 2, clean=kind(dtype) != "f")
                if e.taint:
                    self.exact[(name, s)] = False
                inner.append(f"{name}[i, {s}] = {self.to_store(e, dtype)}")
        inner += self.compound.finish(scope)
        outputs = list(self.outputs)
        for name, dtype in (("xf", "float64"), ("xi", "int64"), ("xs", "float32")):
            slots = self.compound.slots[name]
            if slots:
                outputs.append((name, dtype, slots))
                for s in range(slots):
                    self.exact[(name, s)] = name != "xs"
        body += ["    " + line for line in inner]
        mats = self.compound.mats
        params = [n for n, _ in self.inputs] + [n for n, *_ in mats] + [n for n, _, _ in outputs]
        src = (["import cmath"] if self.on("complex") else []) + [
               "import math", "", "import numba", "import numpy as np",
               "from numba import cuda",
               "from numba import int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64",
               "", ""]
        for fsrc in self.funcs + self.compound.funcs:
            src += [fsrc, "", ""]
        src += ["@cuda.jit", f"def kern({', '.join(params)}):"] + ["    " + line for line in body]
        prog = Program(seed, "\n".join(src) + "\n", "kern", self.inputs, outputs,
                       dict(self.exact), tuple(sorted(self.features)), mats=list(mats))
        prog.arrays = make_inputs(seed, self.inputs, outputs, self.on("nan_inputs"),
                                  self.on("int_edges"))
        prog.arrays.update(make_matrices(seed, mats, self.on("nan_inputs"), self.on("int_edges")))
        return prog


def make_inputs(seed, inputs, outputs, nan_inputs, int_edges=True):
    """Seeded arrays: small values, and (``int_edges``) full-range and edge
    integers, (``nan_inputs``) nan and infinities."""
    rng = np.random.default_rng(seed)
    arrays = {}
    for name, d in inputs:
        if d == "bool":
            a = rng.random(N) < 0.5
        elif d in FLOATS:
            a = np.concatenate([rng.normal(0, 10, N // 2), rng.integers(-8, 8, N // 4),
                                rng.choice([0.0, -0.0, 0.5, -2.5, 1e30, -1e-30, 3.0, 255.5], N // 4)])
            if nan_inputs:
                a[rng.integers(0, N, 3)] = [np.nan, np.inf, -np.inf]
            a = a.astype(d)
            rng.shuffle(a)
        else:
            lo, hi = int_range(d)
            if not int_edges:
                lo, hi = max(lo, -1000), min(hi, 1000)
            edge = np.array([lo, hi, 0, 1, lo + 1, hi - 1, 2, 3], dtype=object)
            small = rng.integers(max(lo, -8), min(hi, 8) + 1, N // 2)
            full = rng.integers(lo, hi, N // 4, dtype=d, endpoint=True)
            a = np.concatenate([small.astype(d), full, np.resize(edge, N - N // 2 - N // 4).astype(d)])
            rng.shuffle(a)
        arrays[name] = np.ascontiguousarray(a, dtype=_np_dtype(d))
    for name, d, slots in outputs:
        arrays[name] = np.zeros((N, slots), dtype=_np_dtype(d))
    return arrays


def make_matrices(seed, mats, nan_inputs, int_edges):
    """The 2-D inputs (``views``): each column drawn as a 1-D input is, from
    a stream of their own (the 1-D inputs stay as they were)."""
    arrays = {}
    for k, (name, d, cols, _) in enumerate(mats):
        columns = [make_inputs(seed * 1009 + 97 * k + c + 1, [("c", d)], [], nan_inputs, int_edges)["c"]
                   for c in range(cols)]
        arrays[name] = np.ascontiguousarray(np.stack(columns, axis=1))
    return arrays


def generate(seed, features=None):
    features = FEATURES.keys() if features is None else features
    return Gen(seed, features).program(seed)


if __name__ == "__main__":
    import sys
    p = generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(p.source)
    print("#", p.signature())
