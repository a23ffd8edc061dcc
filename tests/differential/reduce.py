"""Shrinks a failing generated program to a small repro that still fails.

    python tests/differential/reduce.py SEED [--features ...] [-o repro.py]

Greedy delta debugging over the program's syntax tree (``ast``), repeated
until nothing more can be removed:

* delete a statement (a compound one with its body), or a device function;
* replace an ``if`` by its body or its ``else``, a loop by its body;
* replace an expression by one of its operands, or by a literal ``0``/``1``.

A candidate is kept when Numba still compiles it (the referee must accept the
program) and it still fails the same way: the same outcome (``disagree``,
``kernelc-reject``, ``kernelc-crash``, ``kernelc-error``) and, for a
rejection or a crash, the same first line of kernelc's message.

Guards the generator put in place against undefined behaviour stay intact:
the test of a conditional expression is never edited on its own (nor
anything inside it), a
conditional expression is only replaced by its ``else`` value (the safe
default), a type conversion is never dropped, masks ``& 63`` / ``& 3`` keep their mask, and a sub-expression is
replaced at *all* its identical occurrences at once, so a guard and the value
it guards (the generator writes the same text in both) change together.
An ``if`` that tests a length (``if len(w) > 0:``, the compound classes'
guard of an element read) keeps its test and is never replaced by its body,
and an index ``k % len(w)`` is never edited.
Inputs, outputs and launch shape are the original program's."""

import argparse
import ast
import copy
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import runner  # noqa: E402


def signature(res):
    """What must stay the same while reducing: the outcome and, for a
    rejection or a crash, the first error line with names and types blurred."""
    out = res["outcome"]
    if out not in ("kernelc-reject", "kernelc-crash", "kernelc-error"):
        return (out,)
    lines = [line.strip() for line in res["detail"].splitlines() if line.strip()]
    key = [line for line in lines if "panicked at" in line][:1]
    key += [line for line in lines if line.startswith(("error", "; error", "kernelc:"))][:1]
    if not key:
        key = lines[:1]
    text = " / ".join(key)
    text = re.sub(r"thread '[^']*' \(\d+\) ", "", text)
    text = re.sub(r"\b[vk]\d+\b", "v", text)
    text = re.sub(r"\b(block)\d+\b", r"\1", text)
    text = re.sub(r"\b(u?int(8|16|32|64)|float(32|64)|bool|[iuf](1|8|16|32|64))\b", "T", text)
    return (out, text.split("prog.py")[0][:160])


def maybe_undefined(tree):
    """True when some function reads a local variable on a path where it may
    not be assigned yet (the reducer must not create such reads: Numba
    accepts them, and what they read is undefined)."""

    def reads(node):
        return [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]

    def targets(node):
        return [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]

    for fn in [n for n in tree.body if isinstance(n, ast.FunctionDef)]:
        local = set(targets(fn)) | {a.arg for a in fn.args.args}
        bad = []

        def block(stmts, defined):
            for st in stmts:
                defined = stmt(st, defined)
            return defined

        def use(expr, defined):
            bad.extend(n for n in reads(expr) if n in local and n not in defined)

        def stmt(st, defined):
            if isinstance(st, ast.If):
                use(st.test, defined)
                return block(st.body, set(defined)) & block(st.orelse, set(defined))
            if isinstance(st, ast.For):
                use(st.iter, defined)
                block(st.body, defined | set(targets(st.target)))
                return defined
            if isinstance(st, ast.While):
                use(st.test, defined)
                block(st.body, set(defined))
                return defined
            if isinstance(st, ast.AugAssign):
                use(st.target, defined)
                bad.extend([st.target.id] if isinstance(st.target, ast.Name) and st.target.id not in defined else [])
                use(st.value, defined)
                return defined
            if isinstance(st, ast.Assign):
                use(st.value, defined)
                for t in st.targets:
                    if not isinstance(t, ast.Name):
                        use(t, defined)
                return defined | set(sum((targets(t) for t in st.targets if isinstance(t, ast.Name)), []))
            for child in ast.iter_child_nodes(st):
                if isinstance(child, ast.expr):
                    use(child, defined)
            return defined

        block(fn.body, {a.arg for a in fn.args.args})
        if bad:
            return True
    return False


CASTS = set(gen.INTS) | set(gen.FLOATS) | {"int", "round", "bool", "float"}


def _callee(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


class Reducer:
    def __init__(self, prog, fma=True, verbose=True):
        self.prog = prog
        self.fma = fma
        self.verbose = verbose
        self.tests = 0
        self.cache = {}
        self.goal = signature(runner.check(prog, fma))

    def interesting(self, source):
        if source in self.cache:
            return self.cache[source]
        if maybe_undefined(ast.parse(source)):
            self.cache[source] = False
            return False
        self.tests += 1
        p = copy.copy(self.prog)
        p.source = source
        res = runner.check(p, self.fma)
        self.cache[source] = signature(res) == self.goal
        return self.cache[source]

    def drop(self, tree, chunk):
        """A copy of ``tree`` without the statements whose pre-order numbers
        are in ``chunk`` (the kernel's ``def`` itself is never dropped)."""
        t = copy.deepcopy(tree)
        counter = [0]

        def keep(stmts):
            out = []
            for s in stmts:
                k = counter[0]
                counter[0] += 1
                for field in ("body", "orelse"):
                    sub = getattr(s, field, None)
                    if isinstance(sub, list):
                        kept = keep(sub)
                        setattr(s, field, kept or ([ast.Pass()] if field == "body" else []))
                is_kernel = isinstance(s, ast.FunctionDef) and s.name == self.prog.kernel
                if k not in chunk or is_kernel:
                    out.append(s)
            return out

        t.body = keep(t.body)
        return t, counter[0]

    def ddmin_statements(self, tree):
        """Drops chunks of statements, halving the chunk size down to 1."""
        _, n = self.drop(tree, set())
        size = max(1, n // 2)
        while size >= 1:
            start = 0
            while start < n:
                cand, _ = self.drop(tree, set(range(start, start + size)))
                src = ast.unparse(ast.fix_missing_locations(cand)) + "\n"
                if src != ast.unparse(tree) + "\n" and self.interesting(src):
                    tree = ast.parse(src)
                    _, n = self.drop(tree, set())
                    if self.verbose:
                        print(f"  {len(src)} chars after {self.tests} tests", file=sys.stderr, flush=True)
                else:
                    start += size
            size //= 2
        return tree

    # ------------------------------------------------------------ candidates
    def statement_edits(self, tree):
        """Candidate trees, each with one statement-level edit."""
        paths = []

        def walk(node, path):
            for field in ("body", "orelse"):
                stmts = getattr(node, field, None)
                if not isinstance(stmts, list):
                    continue
                for k, s in enumerate(stmts):
                    paths.append((path, field, k))
                    walk(s, path + [(field, k)])

        walk(tree, [])
        for path, field, k in reversed(paths):
            for mode in ("delete", "body", "orelse"):
                t = copy.deepcopy(tree)
                parent = t
                for f, i in path:
                    parent = getattr(parent, f)[i]
                stmts = getattr(parent, field)
                s = stmts[k]
                if isinstance(s, ast.FunctionDef) and s.name == self.prog.kernel:
                    continue
                if mode == "delete":
                    repl = []
                elif mode == "body" and isinstance(s, (ast.If, ast.For, ast.While)):
                    if isinstance(s, ast.If) and _measures(s.test):
                        continue    # a length guard of an element read
                    repl = s.body
                elif mode == "orelse" and isinstance(s, ast.If) and s.orelse:
                    repl = s.orelse
                else:
                    continue
                stmts[k:k + 1] = repl
                if not stmts and field == "body":
                    stmts.append(ast.Pass())
                yield t

    def expression_edits(self, tree):
        """Candidate trees, each replacing one distinct sub-expression (at all
        its identical occurrences) by an operand or a literal."""
        seen = {}
        protected = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.IfExp):
                protected.update(id(sub) for sub in ast.walk(node.test))
            if isinstance(node, ast.If) and _measures(node.test):
                protected.update(id(sub) for sub in ast.walk(node.test))
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _measures(node.right):
                # `k % len(w)`: an index kept within a view (the compound classes)
                protected.update(id(sub) for sub in ast.walk(node))
            # `o[i, k]` must keep both indices: `o[1]` would be a row (a
            # view, and a fill when stored to), another program.
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Tuple):
                protected.add(id(node.slice))
            if isinstance(node, ast.FunctionDef):
                for d in node.decorator_list:
                    for sub in ast.walk(d):
                        protected.add(id(sub))
        for node in ast.walk(tree):
            if not isinstance(node, ast.expr) or id(node) in protected:
                continue
            # an assignment target (`a, b = f(x)`) is no value to replace
            if isinstance(getattr(node, "ctx", None), ast.Store):
                continue
            if isinstance(node, (ast.Name, ast.Constant, ast.Attribute)):
                continue
            if isinstance(node, ast.Subscript):
                continue
            key = ast.dump(node)
            if key in seen:
                continue
            seen[key] = node
        for key, node in sorted(seen.items(), key=lambda kv: -len(kv[0])):
            for repl in self.replacements(node):
                t = copy.deepcopy(tree)
                count = [0]

                class Swap(ast.NodeTransformer):
                    def visit(self, n):
                        if isinstance(n, ast.expr) and ast.dump(n) == key:
                            count[0] += 1
                            return copy.deepcopy(repl)
                        return self.generic_visit(n)

                t = Swap().visit(t)
                if count[0]:
                    yield t

    @staticmethod
    def replacements(node):
        if isinstance(node, ast.IfExp):
            return [node.orelse]
        if isinstance(node, ast.Call) and _callee(node) in CASTS:
            # dropping a conversion could let a float reach an integer store
            # unguarded (undefined behaviour), or re-type a variable (a join
            # or re-assignment the feature set may have left out)
            return [ast.Constant(1), ast.Constant(0)]
        out = []
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.BitAnd) and isinstance(node.right, ast.Constant) \
                    and node.right.value in (3, 63):
                return [node.right]
            if isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)):
                out = [node.left]
            else:
                out = [node.left, node.right]
        elif isinstance(node, ast.UnaryOp):
            out = [node.operand]
        elif isinstance(node, ast.BoolOp):
            out = list(node.values)
        elif isinstance(node, ast.Compare):
            out = [node.left] + list(node.comparators)
        elif isinstance(node, ast.Call):
            out = list(node.args)
        return out + [ast.Constant(1), ast.Constant(0)]

    # ------------------------------------------------------------------ loop
    def run(self):
        if self.goal[0] not in runner.FINDINGS:
            raise SystemExit(f"seed {self.prog.seed}: nothing to reduce ({self.goal[0]})")
        tree = self.ddmin_statements(ast.parse(self.prog.source))
        progress = True
        while progress:
            progress = False
            for edits in (self.statement_edits, self.expression_edits):
                for cand in edits(tree):
                    src = ast.unparse(ast.fix_missing_locations(cand)) + "\n"
                    if len(src) >= len(ast.unparse(tree)) + 1:
                        continue
                    if self.interesting(src):
                        tree = ast.parse(src)
                        progress = True
                        if self.verbose:
                            print(f"  {len(src)} chars after {self.tests} tests", file=sys.stderr, flush=True)
                        break
        return ast.unparse(tree) + "\n"


def reduce_seed(seed, features=None, fma=True, verbose=True):
    prog = gen.generate(seed, features)
    red = Reducer(prog, fma, verbose)
    src = red.run()
    prog.source = src
    return prog, runner.check(prog, fma)


def _measures(node):
    """Whether an expression takes a length (``len(w)``, ``w.shape[k]``):
    the compound classes' guards of element reads and their indices."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "len":
            return True
        if isinstance(sub, ast.Attribute) and sub.attr == "shape":
            return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--features", default="all")
    ap.add_argument("--numba-no-fma", action="store_true")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    prog, res = reduce_seed(args.seed, sorted(runner.parse_features(args.features)),
                            not args.numba_no_fma)
    text = f"# seed {args.seed}, features {args.features}, signature {prog.signature()}\n{prog.source}\n# {res['outcome']}: " \
           + res["detail"].replace("\n", "\n# ") + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    main()
