"""Compound-value feature classes of the generator (``gen.py``): array views
(``views``), tuples (``tuples``) and complex numbers (``complex``).

Each class draws every choice from a random stream of its own, and its
snippets read the kernel's variables without defining any the rest of the
program sees: a snippet's names (``vwN``, ``tpN``, ``cxN``, device functions
``vdevN``, ``tdevN``, ``cdevN``) are its own, and its results go to two output
arrays of its own (``xf``, float64, ``xi``, int64, and ``xs``, float32, for
inexact values; one slot per store). So
switching a class on or off leaves the rest of a seed's program as it was:
the snippets are inserted before statements the main stream writes anyway.

Every snippet is free of undefined behaviour by construction: element reads
through a view are guarded by its length (``if len(w) > 0: ... w[k % len(w)]``),
slice bounds are anything (Python clamps them) but steps are never zero,
tuple indices are constants within the length or ``i % len``, complex
divisors are replaced by ``1+0.5j`` when zero (Numba raises
``ZeroDivisionError`` for a zero complex divisor, CPython's algorithm in
``numba/cpython/numbers.py``), and no integer arithmetic can overflow (the
snippets only count, compare and move integers). Values fed by ``abs`` of a
complex number (``hypot``) or a ``cmath`` function are inexact: their float
output slots are compared with a tolerance, as ``math_inexact``'s are."""

import random

CLASSES = {
    "views": "slices of the inputs (a[i:j], a[::k], a[::-1], a[j:i:-2], out-of-range and run-time "
             "bounds) and of 2-D inputs (m[i], m[:, j], m[i, 1:]), slices of slices, len/shape/size, "
             "guarded element reads, views passed to device functions, for over a view, stores "
             "through a view of an output row",
    "tuples": "tuple construction (mixed and homogeneous), constant and negative indexing, unpacking, "
              "swaps, nested tuples, tuples returned by device functions, len, run-time indexing of "
              "homogeneous tuples, == / !=, for over a homogeneous tuple",
    "complex": "complex64/complex128 from float and int values (complex(x, y), x + 1j*y, literals, "
               "np.complex64), + - * / (guarded divisors) with complex, int and float operands, unary -, "
               "abs, .real, .imag, .conjugate(), == / !=, cmath functions (tolerance), device functions",
}

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
COMPLEX = ["complex64", "complex128"]
MAX_SNIPPETS = 1        # per class and program (each costs Numba compile time in CI)
MAT_COLS = (4, 5, 7)    # columns of a 2-D input (rows: the thread count)


class Compound:
    """The snippets of the compound classes switched on in ``gen`` (a
    ``gen.Gen``), with their own streams, names, device functions, 2-D
    inputs and output slots."""

    def __init__(self, gen, seed, table):
        self.g = gen
        self.table = table
        self.classes = [c for c in CLASSES if gen.on(c)]
        self.rng = {c: random.Random(seed * 104729 + 31 * k + 7) for k, c in enumerate(CLASSES)}
        self.counter = 0
        self.funcs = []
        self.count = dict.fromkeys(CLASSES, 0)
        self.slots = {"xf": 0, "xi": 0, "xs": 0}
        self.mats = []                  # 2-D inputs: (name, dtype, columns, layout)
        if "views" in self.classes:
            r = self.rng["views"]
            for k in range(r.randint(1, 2)):
                # C-contiguous ([:, ::1]) or any layout ([:, :]: Numba's 'A')
                self.mats.append((f"m{k}", r.choice(["bool"] + INTS + FLOATS), r.choice(MAT_COLS),
                                  r.choice(["[:, ::1]", "[:, :]"])))

    # ------------------------------------------------------------- plumbing
    def binop(self, a, op, b):
        if a is None or b is None:
            return None
        return self.table["binop"].get(f"{a} {op} {b}")

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def slot(self, dtype, inexact=False):
        """A new output slot for a value of ``dtype``: ``(array, index)``.
        An inexact float value goes to ``xs`` (float32), compared with
        float32's tolerance: a complex64 step anywhere before it (its
        type may be complex128 by then) leaves only float32's precision."""
        out = "xf" if dtype in FLOATS else "xi"
        if inexact and dtype in FLOATS:
            out = "xs"
        s = self.slots[out]
        self.slots[out] += 1
        return out, s

    def store(self, code, dtype, inexact=False):
        out, s = self.slot(dtype, inexact)
        return f"{out}[i, {s}] = {code}"

    def clean_vars(self, scope, kinds):
        return [n for n, v in scope.items()
                if v.ty is not None and not v.taint and _kind(v.ty) in kinds]

    def snippets(self, scope, ctx):
        """Lines to put before a statement of the kernel (maybe none)."""
        if not ctx.get("kernel"):
            return []
        lines = []
        for c in self.classes:
            r = self.rng[c]
            if self.count[c] < MAX_SNIPPETS and r.random() < 0.3:
                lines += self.snippet(c, scope)
        return lines

    def finish(self, scope):
        """Lines at the end of the kernel: one snippet of each class that has
        none yet."""
        lines = []
        for c in self.classes:
            if self.count[c] == 0:
                lines += self.snippet(c, scope)
        return lines

    def snippet(self, c, scope):
        self.count[c] += 1
        return {"views": self.views, "tuples": self.tuples, "complex": self.complex}[c](scope)

    def device(self, prefix, params, body):
        name = f"{prefix}{len(self.funcs)}"
        src = ["@cuda.jit(device=True)", f"def {name}({', '.join(params)}):"] + ["    " + b for b in body]
        self.funcs.append("\n".join(src))
        return name

    def literal(self, r, ty):
        """A literal of exactly type ``ty`` (a constructor call: never a
        Numba literal type)."""
        if ty == "bool":
            return r.choice(["True", "False"])
        if ty in FLOATS:
            return f"np.{ty}({r.choice([0.0, -0.0, 1.5, -2.25, 3.0, 100.5])!r})"
        v = r.choice([0, 1, 2, 3, 5, 7, 100])
        return f"np.{ty}({v})"

    def index_source(self, r, scope):
        """A non-negative int64 run-time value: the thread index or
        ``x & 15`` of an integer variable."""
        ints = self.clean_vars(scope, "iu")
        if ints and r.random() < 0.5:
            return f"np.int64({r.choice(ints)} & 15)"
        return "i"

    # ---------------------------------------------------------------- views
    def bases(self, r):
        """1-D arrays a snippet may slice: (code, dtype)."""
        out = [(a, d) for a, d in self.g.inputs]
        for m, d, cols, _ in self.mats:
            j = r.randrange(cols)
            out += [(f"{m}[i]", d), (f"{m}[:, {j}]", d), (f"{m}[i, 1:]", d),
                    (f"{m}[i, ::-1]", d), (f"{m}[{r.choice([0, 2, -3])}:, {j}]", d)]
        return out

    def slice_of(self, r, scope):
        ints = [v for v in self.clean_vars(scope, "iu")]

        def bound():
            b = r.choice(["", "", "0", "1", "3", "-1", "-3", "5", "100", "-100", "i",
                          self.index_source(r, scope), "-i", "9223372036854775807",
                          "(-9223372036854775807)", "var"])
            if b == "var":
                # a variable of any integer type as it is (negative, huge,
                # unsigned: Numba converts a bound to intp)
                return r.choice(ints) if ints else "2"
            return b
        step = r.choice(["", "", "1", "2", "3", "-1", "-1", "-2", "-3", "rt", "-rt"])
        if step.endswith("rt"):
            # a run-time step, never zero
            sign = "-" if step.startswith("-") else ""
            step = f"{sign}({self.index_source(r, scope)} % 3 + 1)"
        lo, hi = bound(), bound()
        form = r.random()
        if form < 0.15:
            return "::-1"
        if form < 0.3:
            return f"::{r.choice(['2', '3', '-2'])}"
        return f"{lo}:{hi}" + (f":{step}" if step else "")

    def views(self, scope):
        r = self.rng["views"]
        if self.mats and r.random() < 0.25:
            return self.view2d(r, scope)
        base, dtype = r.choice(self.bases(r))
        lines = []
        w = self.fresh("vw")
        lines.append(f"{w} = {base}[{self.slice_of(r, scope)}]")
        for _ in range(r.randint(0, 1)):       # slices of slices
            w2 = self.fresh("vw")
            lines.append(f"{w2} = {w}[{self.slice_of(r, scope)}]")
            w = w2
        lines += self.view_use(r, scope, w, dtype)
        return lines

    def view2d(self, r, scope):
        """A 2-D view of a 2-D input (rows and columns sliced, maybe
        transposed), its shape, a guarded element, a row, a loop over rows."""
        m, d, cols, _ = r.choice(self.mats)
        k = self.index_source(r, scope)
        rows = r.choice([":", "i:", ":i:-1", "::-3", "i:i + 2", "-5:", f"{k}:{k} + 3"])
        mm = self.fresh("vw")
        lines = [f"{mm} = {m}[{rows}, {r.choice(['1:', '::2', '::-1', '-2:', ':', '1:-1', '5:'])}]"]
        if r.random() < 0.3:
            t = self.fresh("vw")
            lines.append(f"{t} = {mm}.T")
            mm = t
        form = r.choice(["shape", "elem", "row", "for"])
        if form == "shape":
            lines.append(self.store(r.choice([f"{mm}.shape[0]", f"{mm}.shape[1]", f"{mm}.size",
                                              f"len({mm})"]), "int64"))
        elif form == "elem":
            k2 = self.index_source(r, scope)
            lines += [f"if {mm}.shape[0] > 0 and {mm}.shape[1] > 0:",
                      "    " + self.store(f"{mm}[{k} % {mm}.shape[0], -1 - {k2} % {mm}.shape[1]]", d)]
        elif form == "row":
            lines += [f"if {mm}.shape[0] > 0:",
                      "    " + self.store(f"len({mm}[{k} % {mm}.shape[0]])", "int64"),
                      "    " + self.store(f"{mm}[-1][::-1].size", "int64")]
        else:
            acc, row = self.fresh("vw"), self.fresh("vw")
            lines += [f"{acc} = 0", f"for {row} in {mm}:", f"    {acc} += len({row})",
                      f"    if len({row}) > 0 and {row}[0] > 0:", f"        {acc} += 100",
                      self.store(acc, "int64")]
        return lines

    def view_use(self, r, scope, w, dtype):
        form = r.choice(["len", "len", "read", "read", "read", "neg", "dev", "for", "store_view",
                         "mat"])
        if form == "len":
            return [self.store(r.choice([f"len({w})", f"{w}.shape[0]", f"{w}.size"]), "int64")]
        if form in ("read", "neg"):
            k = self.index_source(r, scope)
            idx = f"{k} % len({w})" if form == "read" else f"-1 - {k} % len({w})"
            return [f"if len({w}) > 0:", "    " + self.store(f"{w}[{idx}]", dtype)]
        if form == "dev":
            return self.view_device(r, scope, w, dtype)
        if form == "for":
            acc = self.fresh("vw")
            v = self.fresh("vw")
            if dtype in FLOATS:
                return [f"{acc} = 0.0", f"for {v} in {w}:", f"    {acc} += {v}",
                        self.store(acc, "float64")]
            return [f"{acc} = 0", f"for {v} in {w}:", f"    if {v} > 0:", f"        {acc} += 1",
                    self.store(acc, "int64")]
        if form == "store_view":
            return self.store_through_view(r, scope, w, dtype)
        if form == "mat" and self.mats:
            return [self.mat_use(r, *r.choice(self.mats)[:3])]
        return [self.store(f"len({w})", "int64")]

    def mat_use(self, r, m, d, cols):
        k = r.randrange(cols)
        code, ty = r.choice([(f"{m}.shape[1]", "int64"), (f"{m}[i, {k}]", d),
                             (f"{m}[i][{-1 - k}]", d), (f"len({m}[i])", "int64"),
                             (f"{m}[:, {k}].shape[0]", "int64"), (f"{m}[:, {k}][i]", d)])
        return self.store(code, ty)

    def view_device(self, r, scope, w, dtype):
        kind = r.choice(["count", "pick", "sum" if dtype in FLOATS else "count", "nested"])
        if kind == "count":
            f = self.device("vdev", ["w"], ["c = 0", "for k in range(len(w)):", "    if w[k] > 0:",
                                             "        c += 1", "return c"])
            return [self.store(f"{f}({w})", "int64")]
        if kind == "sum":
            f = self.device("vdev", ["w"], ["s = 0.0", "for k in range(w.shape[0]):",
                                             "    s += w[k]", "return s"])
            return [self.store(f"{f}({w})", "float64")]
        if kind == "nested":
            # a view sliced again inside the device function
            f = self.device("vdev", ["w"], ["u = w[1:][::-1]", "return len(u)"])
            return [self.store(f"{f}({w})", "int64")]
        f = self.device("vdev", ["w", "k"], ["return w[k % len(w)]"])
        k = self.index_source(r, scope)
        return [f"if len({w}) > 0:", "    " + self.store(f"{f}({w}, {k})", dtype)]

    def store_through_view(self, r, scope, w, dtype):
        """Slots of an output row written through a view of that row."""
        out = "xf" if dtype in FLOATS else "xi"
        n = 3
        base = self.slots[out]
        self.slots[out] += n
        ov = self.fresh("vw")
        lines = [f"{ov} = {out}[i, {base}:{base + n}]"]
        k = self.index_source(r, scope)
        form = r.choice(["rev", "fill", "step"])
        if form == "rev":
            lines += [f"{ov}[::-1][0] = len({w})",
                      f"if len({w}) > 0:", f"    {ov}[::-1][{k} % 2 + 1] = {w}[{k} % len({w})]"]
        elif form == "fill":
            lines += [f"{ov}[1:] = {r.choice(['7', '-2', '1'])}", f"{ov}[0] = {w}.size"]
        else:
            lines += [f"{ov}[::2] = len({w})", f"if len({w}) > 1:", f"    {ov}[1] = {w}[-2]"]
        return lines

    # --------------------------------------------------------------- tuples
    def items(self, r, scope, n, ty=None):
        """``n`` item expressions and their types: variables, or literals of
        the type (``ty``: all of that type)."""
        out = []
        names = self.clean_vars(scope, "biuf")
        for _ in range(n):
            pool = [v for v in names if ty is None or scope[v].ty == ty]
            if pool and r.random() < 0.7:
                v = r.choice(pool)
                out.append((v, scope[v].ty))
            else:
                t = ty or r.choice(["bool", "int64", "float64"] + INTS + FLOATS)
                out.append((self.literal(r, t), t))
        return out

    def tuples(self, scope):
        r = self.rng["tuples"]
        lines = []
        n = r.randint(2, 4)
        items = self.items(r, scope, n)
        t = self.fresh("tp")
        lines.append(f"{t} = ({', '.join(c for c, _ in items)},)")
        forms = ["index", "index", "unpack", "len", "eq", "dev", "uni", "uni", "nested", "slice"]
        form = r.choice(forms)
        if form == "index":
            k = r.randrange(-n, n)
            lines.append(self.store(f"{t}[{k}]", _out_type(items[k][1])))
        elif form == "unpack":
            names = [self.fresh("tp") for _ in range(n)]
            lines.append(f"{', '.join(names)} = {t}")
            a, b = r.sample(range(n), 2)
            if items[a][1] == items[b][1]:
                lines.append(f"{names[a]}, {names[b]} = {names[b]}, {names[a]}")
                items = list(items)
            else:
                # swapped into fresh names: a variable keeps its type
                sa, sb = self.fresh("tp"), self.fresh("tp")
                lines.append(f"{sa}, {sb} = {names[b]}, {names[a]}")
                names[a], names[b] = sb, sa
                items = list(items)
                items[a], items[b] = items[b], items[a]
            k = r.randrange(n)
            lines.append(self.store(names[k], _out_type(items[k][1])))
        elif form == "len":
            lines.append(self.store(f"len({t})", "int64"))
        elif form == "eq":
            other = list(items)
            if r.random() < 0.5:
                k = r.randrange(n)
                other[k] = self.items(r, scope, 1)[0]
            if r.random() < 0.2:
                other = other[:-1]
            op = r.choice(["==", "!="])
            lines.append(self.store(f"{t} {op} ({', '.join(c for c, _ in other)},)", "bool"))
        elif form == "dev":
            lines += self.tuple_device(r, scope)
        elif form == "uni":
            lines += self.uni_tuple(r, scope)
        elif form == "slice":
            lo = r.randrange(-n, n)
            sl = self.fresh("tp")
            lines.append(f"{sl} = {t}[{lo}:]")
            lines.append(self.store(f"len({sl})", "int64"))
            lines.append(self.store(f"{sl}[-1]", _out_type(items[-1][1])))
        else:
            inner = self.fresh("tp")
            k = r.randrange(n)
            lines.append(f"{inner} = ({t}, {items[k][0]})")
            lines.append(self.store(f"{inner}[0][{k}]", _out_type(items[k][1])))
            lines.append(self.store(f"len({inner}[0]) + len({inner})", "int64"))
        return lines

    def tuple_device(self, r, scope):
        (x, tx), (y, ty) = self.items(r, scope, 2)
        form = r.choice(["swap", "triple", "cmp"])
        if form == "swap":
            f = self.device("tdev", ["p", "q"], ["return q, p"])
            a, b = self.fresh("tp"), self.fresh("tp")
            return [f"{a}, {b} = {f}({x}, {y})", self.store(a, _out_type(ty)),
                    self.store(b, _out_type(tx))]
        if form == "triple":
            f = self.device("tdev", ["p", "q"], ["t = (p, (q, p))", "return t"])
            res = self.fresh("tp")
            return [f"{res} = {f}({x}, {y})", self.store(f"{res}[1][0]", _out_type(ty)),
                    self.store(f"{res}[-1][-1]", _out_type(tx)), self.store(f"len({res})", "int64")]
        f = self.device("tdev", ["p", "q"], ["return p == q, p != q, (p, q) == (q, p)"])
        a, b, c = self.fresh("tp"), self.fresh("tp"), self.fresh("tp")
        return [f"{a}, {b}, {c} = {f}({x}, {y})", self.store(a, "bool"), self.store(b, "bool"),
                self.store(c, "bool")]

    def uni_tuple(self, r, scope):
        """A tuple of one type, indexed at run time and looped over."""
        ty = r.choice(["int64", "float64", "bool"] + INTS + FLOATS)
        n = r.randint(2, 5)
        items = self.items(r, scope, n, ty)
        u = self.fresh("tp")
        lines = [f"{u} = ({', '.join(c for c, _ in items)},)"]
        k = self.index_source(r, scope)
        form = r.choice(["idx", "neg", "for", "swap", "order", "minmax"])
        if form == "minmax" and ty == "bool":
            form = "idx"        # Numba has no min/max over bool
        if form == "idx":
            lines.append(self.store(f"{u}[{k} % {n}]", _out_type(ty)))
        elif form == "neg":
            lines.append(self.store(f"{u}[-1 - {k} % {n}]", _out_type(ty)))
        elif form == "for":
            acc, v = self.fresh("tp"), self.fresh("tp")
            if ty in FLOATS:
                lines += [f"{acc} = 0.0", f"for {v} in {u}:", f"    {acc} += {v}", self.store(acc, "float64")]
            else:
                lines += [f"{acc} = 0", f"for {v} in {u}:", f"    if {v} > 0:", f"        {acc} += 1",
                          self.store(acc, "int64")]
        elif form == "order":
            # lexicographic order of two tuples of one type (nan, -0.0 and
            # equal prefixes included)
            other = self.items(r, scope, n, ty)
            if r.random() < 0.5:
                other = list(items[:-1]) + other[-1:]
            op = r.choice(["<", "<=", ">", ">="])
            lines.append(self.store(f"{u} {op} ({', '.join(c for c, _ in other)},)", "bool"))
        elif form == "minmax":
            fn = r.choice(["min", "max"])
            lines.append(self.store(f"{fn}({u})", _out_type(ty)))
        else:
            a, b = self.fresh("tp"), self.fresh("tp")
            lines += [f"{a}, {b} = {u}[0], {u}[-1]", f"{a}, {b} = {b}, {a}",
                      self.store(a, _out_type(ty)), self.store(f"{b} == {u}[0]", "bool")]
        return lines

    # -------------------------------------------------------------- complex
    def complex(self, scope):
        r = self.rng["complex"]
        vals = []       # (code, type, inexact)
        lines = []
        nums = self.clean_vars(scope, "iuf")
        for _ in range(r.randint(1, 2)):
            c = self.fresh("cx")
            x = r.choice(nums) if nums and r.random() < 0.8 else self.literal(r, r.choice(FLOATS + INTS))
            y = r.choice(nums) if nums and r.random() < 0.8 else self.literal(r, r.choice(FLOATS + INTS))
            form = r.choice(["ctor", "ctor", "1j", "lit", "c64"])
            if form == "ctor":
                code, ty = f"complex({x}, {y})", "complex128"
            elif form == "1j":
                ty = self.binop(scope_ty(scope, x), "+", self.binop("complex128", "*", scope_ty(scope, y)))
                code = f"{x} + 1j * {y}"
            elif form == "lit":
                code, ty = r.choice(["(1.5-2j)", "2j", "(-0.25+0.5j)", "(3+0j)"]), "complex128"
            else:
                code, ty = f"np.complex64(complex({x}, {y}))", "complex64"
            if ty is None:
                continue
            lines.append(f"{c} = {code}")
            vals.append((c, ty, False))
        if not vals:
            c = self.fresh("cx")
            lines.append(f"{c} = (1.5-2j)")
            vals.append((c, "complex128", False))
        for _ in range(r.randint(1, 2)):
            e = self.complex_expr(r, scope, vals, nums)
            if e is None:
                continue
            code, ty, inexact = e
            c = self.fresh("cx")
            lines.append(f"{c} = {code}")
            vals.append((c, ty, inexact))
        c, ty, inexact = r.choice(vals)
        lines += self.complex_out(r, vals, c, ty, inexact)
        return lines

    def complex_expr(self, r, scope, vals, nums):
        a, ta, ia = r.choice(vals)
        form = r.choice(["bin", "bin", "bin", "mixed", "neg", "conj", "cmath", "dev", "c64",
                         "cond", "tuple", "pos"])
        if form == "cond" and nums:
            # a join of two complex values (complex64 with complex128: complex128)
            b, tb, ib = r.choice(vals)
            x = r.choice(nums)
            ty = self.table["unify"].get(f"{ta} {tb}")
            return (f"({a} if {x} > 0 else {b})", ty, ia or ib) if ty else None
        if form == "tuple":
            b, tb, ib = r.choice(vals)
            k = r.randrange(2)
            return (f"({a}, {b})[{k}]", (ta, tb)[k], (ia, ib)[k])
        if form == "pos":
            return (f"(+{a})", ta, ia)
        if form == "bin":
            b, tb, ib = r.choice(vals)
            op = r.choice(["+", "-", "*", "/"])
            if op == "/":
                b = f"({b} if {b} != 0 else {_one(tb)})"
            ty = self.binop(ta, op, tb)
            return (f"{a} {op} {b}", ty, ia or ib) if ty else None
        if form == "mixed" and nums:
            x = r.choice(nums)
            tx = scope[x].ty
            op = r.choice(["+", "-", "*", "/"])
            if r.random() < 0.5:
                if op == "/":
                    x = f"({x} if {x} != 0 else np.{tx}(2))"
                ty = self.binop(ta, op, tx)
                return (f"{a} {op} {x}", ty, ia) if ty else None
            if op == "/":
                a = f"({a} if {a} != 0 else {_one(ta)})"
            ty = self.binop(tx, op, ta)
            return (f"{x} {op} {a}", ty, ia) if ty else None
        if form == "neg":
            return (f"-{a}", ta, ia)
        if form == "conj":
            return (f"{a}.conjugate()", ta, ia)
        if form == "c64":
            return (f"np.complex64({a})", "complex64", ia)
        if form == "cmath":
            fn = r.choice(["sqrt", "exp", "log", "sin", "cos", "tan", "asin", "acos", "atan",
                           "asinh", "atanh"])
            if fn == "exp" or fn in ("sin", "cos", "tan"):
                # keeps exp's argument small enough not to overflow into inf * 0
                a = f"({a} if abs({a}) < 20 else {_one(ta)})"
            ty = self.table["cmath"].get(f"{fn} {ta}")
            return (f"cmath.{fn}({a})", ty, True) if ty else None
        if form == "dev":
            b, tb, ib = r.choice(vals)
            body = r.choice([["return p * q.conjugate()"], ["return (p - q) * 0.5"],
                             ["if p == q:", "    return p + 1", "return q - p"]])
            f = self.device("cdev", ["p", "q"], body)
            if body[0].startswith("if"):
                t1, t2 = self.binop(ta, "+", "int64"), self.binop(tb, "-", ta)
                ty = None if t1 is None or t2 is None else self.table["unify"].get(f"{t1} {t2}")
            elif "0.5" in body[0]:
                ty = self.binop(self.binop(ta, "-", tb), "*", "float64")
            else:
                ty = self.binop(ta, "*", tb)
            return (f"{f}({a}, {b})", ty, ia or ib) if ty else None
        return None

    def complex_out(self, r, vals, c, ty, inexact):
        part = "float32" if ty == "complex64" else "float64"
        form = r.choice(["real", "imag", "both", "abs", "eq", "isnan"])
        if form == "real":
            return [self.store(f"{c}.real", part, inexact)]
        if form == "imag":
            return [self.store(f"{c}.imag", part, inexact)]
        if form == "both":
            return [self.store(f"{c}.real", part, inexact), self.store(f"{c}.imag", part, inexact)]
        if form == "abs":
            return [self.store(f"abs({c})", part, True)]
        if form == "isnan":
            return [self.store(f"cmath.{r.choice(['isnan', 'isinf', 'isfinite'])}({c})", "bool")]
        if inexact:
            return [self.store(f"{c}.real", part, True)]
        d, _, di = r.choice(vals)
        if di:
            d = c
        return [self.store(f"{c} {r.choice(['==', '!='])} {d}", "bool")]


def _kind(t):
    if t == "bool":
        return "b"
    if t in FLOATS:
        return "f"
    if t in COMPLEX:
        return "c"
    return "u" if t.startswith("u") else "i"


def _out_type(t):
    return "float64" if t in FLOATS else "int64"


def _one(t):
    return "np.complex64(1+0.5j)" if t == "complex64" else "(1+0.5j)"


def scope_ty(scope, code):
    """The type of a variable, or of a literal ``np.T(...)``."""
    v = scope.get(code)
    if v is not None:
        return v.ty
    return code[3:code.index("(")] if code.startswith("np.") else None
