#!/usr/bin/env python3
"""Which accepted corpus files exercise which construct of the kernel-language
spec (sections 1-3).  Pure `ast` scan, no Numba needed.

Usage: python3 tests/numba/coverage_map.py [--missing]
Exit status 1 if some construct is covered by no file.
"""

import ast
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ACCEPT = os.path.join(HERE, "..", "..", "compiler", "tests", "check", "accept")

MATH_FUNCS = (
    "sqrt exp expm1 log log2 log10 log1p sin cos tan asin acos atan atan2 sinh cosh "
    "tanh asinh acosh atanh pow fabs floor ceil trunc copysign fmod hypot erf erfc "
    "gamma lgamma isnan isinf isfinite radians degrees"
).split()
MATH_CONSTS = "pi e inf nan".split()
ATOMICS = "add sub max min and_ or_ xor exch inc dec cas".split()
WARP = (
    "shfl_sync shfl_up_sync shfl_down_sync shfl_xor_sync all_sync any_sync eq_sync "
    "ballot_sync activemask lanemask_lt"
).split()
BITS = "popc clz ffs brev fma cbrt".split()
SYNC = (
    "syncthreads syncthreads_count syncthreads_and syncthreads_or syncwarp threadfence "
    "threadfence_block threadfence_system"
).split()
AUG = {
    ast.Add: "+=", ast.Sub: "-=", ast.Mult: "*=", ast.Div: "/=", ast.FloorDiv: "//=",
    ast.Mod: "%=", ast.Pow: "**=", ast.BitAnd: "&=", ast.BitOr: "|=", ast.BitXor: "^=",
    ast.LShift: "<<=", ast.RShift: ">>=",
}
BINOPS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
    ast.Mod: "%", ast.Pow: "**", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
    ast.LShift: "<<", ast.RShift: ">>",
}
UNARY = {ast.USub: "unary -", ast.UAdd: "unary +", ast.Invert: "~", ast.Not: "not"}
DTYPES = (
    "bool_ b1 boolean int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 "
    "float64 i1 i2 i4 i8 u1 u2 u4 u8 f2 f4 f8"
).split()


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def scan(path):
    src = open(path, encoding="utf-8").read()
    tree = ast.parse(src)
    feats = set()
    if "# kernelc:" in src:
        if "--const" in src:
            feats.add("header --const")
        if "--sig" in src:
            feats.add("header --kernel/--sig")
    # signature strings: dtype names, layouts, dims
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "(" in node.value:
            s = node.value.replace(" ", "")
            for d in DTYPES:
                if f"{d}[" in s or f"({d}," in s or f",{d}," in s or f",{d})" in s or f"({d})" in s:
                    feats.add(f"sig dtype {d}")
            for lay, name in (("[::1]", "layout [::1]"), ("[:]", "layout [:]"),
                              ("[:,::1]", "layout [:, ::1]"), ("[::1,:]", "layout [::1, :]"),
                              ("[:,:]", "layout [:, :]"), ("[:,:,:]", "3-d array"),
                              ("[:,:,::1]", "3-d array"), ("[::1,:,:]", "3-d F array")):
                if lay in s:
                    feats.add(name)
    for node in ast.walk(tree):
        if isinstance(node, ast.AugAssign):
            feats.add("augassign " + AUG[type(node.op)])
            if isinstance(node.target, ast.Subscript):
                feats.add("a[i] op= v")
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Tuple):
                    v = dotted(node.value.func) if isinstance(node.value, ast.Call) else None
                    if v == "cuda.grid":
                        feats.add(f"unpack cuda.grid({node.value.args[0].value})")
                    elif v == "cuda.gridsize":
                        feats.add(f"unpack cuda.gridsize({node.value.args[0].value})")
                    elif isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
                        feats.add("unpack a.shape")
                    elif isinstance(node.value, ast.Call):
                        feats.add("unpack device-function tuple")
                    else:
                        feats.add("tuple assignment")
                if isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Tuple):
                    feats.add("a[i, j] = v")
        elif isinstance(node, ast.If):
            feats.add("if")
            if node.orelse:
                if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
                    feats.add("elif")
                else:
                    feats.add("else")
        elif isinstance(node, ast.While):
            feats.add("while")
        elif isinstance(node, ast.For):
            it = node.iter
            if isinstance(it, ast.Call) and dotted(it.func) == "range":
                n = len(it.args)
                feats.add(f"range with {n} arg(s)")
                if n == 3:
                    st = it.args[2]
                    if isinstance(st, ast.UnaryOp) and isinstance(st.op, ast.USub):
                        feats.add("range negative step" if isinstance(st.operand, ast.Constant) else "range negative runtime step")
                    elif not isinstance(st, ast.Constant):
                        feats.add("range runtime step")
        elif isinstance(node, ast.Break):
            feats.add("break")
        elif isinstance(node, ast.Continue):
            feats.add("continue")
        elif isinstance(node, ast.Pass):
            feats.add("pass")
        elif isinstance(node, ast.Return):
            feats.add("return value" if node.value is not None else "bare return")
        elif isinstance(node, ast.BinOp):
            feats.add("op " + BINOPS[type(node.op)])
        elif isinstance(node, ast.UnaryOp):
            feats.add("op " + UNARY[type(node.op)])
        elif isinstance(node, ast.BoolOp):
            feats.add("op and" if isinstance(node.op, ast.And) else "op or")
        elif isinstance(node, ast.Compare):
            feats.add("comparison")
            if len(node.ops) > 1:
                feats.add("chained comparison")
        elif isinstance(node, ast.IfExp):
            feats.add("conditional expression")
        elif isinstance(node, ast.Subscript):
            sl = node.slice
            idx = sl.elts if isinstance(sl, ast.Tuple) else [sl]
            if any(isinstance(i, ast.UnaryOp) and isinstance(i.op, ast.USub) for i in idx):
                feats.add("negative index")
            if isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
                feats.add("a.shape[k]")
        elif isinstance(node, ast.Attribute):
            d = dotted(node)
            if d is None:
                continue
            if d.startswith("cuda.") and d.count(".") == 2 and d.split(".")[1] in ("threadIdx", "blockIdx", "blockDim", "gridDim"):
                feats.add(d)
            if d in ("cuda.laneid", "cuda.warpsize"):
                feats.add(d)
            if d.startswith("math.") and d[5:] in MATH_CONSTS:
                feats.add(d)
            if node.attr in ("size", "ndim", "shape") and isinstance(node.value, ast.Name) and node.value.id not in ("cuda", "math", "np", "numba"):
                feats.add("a." + node.attr)
        elif isinstance(node, ast.Call):
            f = dotted(node.func)
            if f is None:
                continue
            if f in ("len", "min", "max", "abs", "int", "float", "bool", "round", "print"):
                feats.add("builtin " + f)
                if f == "print":
                    if any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args):
                        feats.add("print string")
                    if any(not (isinstance(a, ast.Constant) and isinstance(a.value, str)) for a in node.args):
                        feats.add("print scalar")
            elif f.startswith("math.") and f[5:] in MATH_FUNCS:
                feats.add(f)
            elif f in ("cuda.grid", "cuda.gridsize"):
                feats.add(f"{f}({node.args[0].value})")
            elif f.startswith("cuda.atomic."):
                feats.add(f)
            elif f in ["cuda." + w for w in WARP + BITS + SYNC]:
                feats.add(f)
            elif f in ("cuda.shared.array", "cuda.local.array"):
                shape = node.args[0] if node.args else [k.value for k in node.keywords if k.arg == "shape"][0]
                if isinstance(shape, ast.Constant) and shape.value == 0 and f == "cuda.shared.array":
                    feats.add("cuda.shared.array dynamic (0)")
                elif isinstance(shape, ast.Tuple):
                    feats.add(f + " 2-d tuple shape")
                elif isinstance(shape, ast.Name):
                    feats.add(f + " shape from module constant")
                else:
                    feats.add(f + " literal shape")
                if node.keywords:
                    feats.add(f + " keywords shape=/dtype=")
                dt = node.args[1] if len(node.args) > 1 else [k.value for k in node.keywords if k.arg == "dtype"][0]
                dd = dotted(dt) or ""
                feats.add("dtype spelled " + ("np.X" if dd.startswith("np.") else "numba.X" if dd.startswith("numba.") else "X"))
            elif f == "cuda.const.array_like":
                feats.add(f)
            elif f in ("cuda.syncwarp",) and not node.args:
                feats.add("cuda.syncwarp()")
            elif f.startswith("np.") or f.startswith("numba."):
                feats.add("cast " + f.split(".")[0] + ".X(x)")
            elif f in DTYPES:
                feats.add("cast X(x)")
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            v = node.value
            names = {n.id for n in ast.walk(v) if isinstance(n, ast.Name)}
            if isinstance(v, ast.Call) and dotted(v.func) and dotted(v.func).startswith("np."):
                feats.add("module numpy array")
            elif any(dotted(n) == "math.pi" for n in ast.walk(v) if isinstance(n, ast.Attribute)):
                feats.add("module constant from math.pi")
            elif names - {"math"}:
                feats.add("module constant computed from others")
            elif isinstance(v, ast.Constant) and isinstance(v.value, float):
                feats.add("module float constant")
            else:
                feats.add("module constant")
        if isinstance(node, ast.FunctionDef):
            if not node.decorator_list:
                feats.add("undecorated device function")
            for d in node.decorator_list:
                if isinstance(d, ast.Call):
                    kws = {k.arg for k in d.keywords}
                    for k in ("fastmath", "debug", "boundscheck"):
                        if k in kws:
                            feats.add(f"decorator {k}=True")
                    if "device" in kws:
                        feats.add("device function with signature" if d.args else "device function (specialised)")
                    elif not d.args:
                        feats.add("lazy kernel @cuda.jit()")
                else:
                    feats.add("lazy kernel @cuda.jit")
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                feats.add("import " + ((node.module + ".") if isinstance(node, ast.ImportFrom) else "") + a.name)
    return feats


def main(argv):
    files = sorted(f for f in os.listdir(ACCEPT) if f.endswith(".py"))
    cov = {}
    for f in files:
        for feat in scan(os.path.join(ACCEPT, f)):
            cov.setdefault(feat, []).append(f[:2])
    required = (
        [f"augassign {v}" for v in AUG.values()]
        + [f"op {v}" for v in BINOPS.values()] + [f"op {v}" for v in UNARY.values()]
        + ["op and", "op or", "chained comparison", "conditional expression"]
        + ["math." + m for m in MATH_FUNCS + MATH_CONSTS]
        + ["cuda.atomic." + a for a in ATOMICS]
        + ["cuda." + w for w in WARP + BITS + SYNC]
        + [f"cuda.{r}.{a}" for r in ("threadIdx", "blockIdx", "blockDim", "gridDim") for a in "xyz"]
        + [f"cuda.grid({n})" for n in (1, 2, 3)] + [f"cuda.gridsize({n})" for n in (1, 2, 3)]
        + ["cuda.laneid", "cuda.warpsize", "cuda.const.array_like", "cuda.shared.array dynamic (0)",
           "cuda.shared.array 2-d tuple shape", "cuda.shared.array shape from module constant",
           "cuda.local.array 2-d tuple shape", "cuda.local.array shape from module constant"]
        + ["builtin " + b for b in ("len", "min", "max", "abs", "int", "float", "bool", "round", "print")]
        + ["cast X(x)", "cast np.X(x)", "cast numba.X(x)", "print string", "print scalar"]
        + ["unpack cuda.grid(2)", "unpack cuda.grid(3)", "unpack a.shape", "unpack device-function tuple",
           "a[i, j] = v", "a[i] op= v", "if", "elif", "else", "while", "break", "continue", "pass",
           "bare return", "return value", "range with 1 arg(s)", "range with 2 arg(s)",
           "range with 3 arg(s)", "range negative step", "range runtime step", "range negative runtime step"]
        + ["negative index", "a.shape", "a.shape[k]", "a.size", "a.ndim", "builtin len"]
        + ["layout [:]", "layout [::1]", "layout [:, ::1]", "layout [::1, :]", "layout [:, :]", "3-d array"]
        + ["sig dtype " + d for d in DTYPES]
        + ["decorator fastmath=True", "decorator debug=True", "decorator boundscheck=True",
           "device function (specialised)", "device function with signature", "undecorated device function",
           "lazy kernel @cuda.jit", "header --const", "header --kernel/--sig",
           "module constant", "module float constant", "module constant computed from others",
           "module constant from math.pi", "module numpy array",
           "dtype spelled X", "dtype spelled np.X", "dtype spelled numba.X"]
    )
    missing = [r for r in required if r not in cov]
    if "--missing" not in argv:
        for feat in sorted(cov):
            print(f"{feat:45} {' '.join(cov[feat][:12])}{' ...' if len(cov[feat]) > 12 else ''}")
    print(f"{len(files)} files; {len(required) - len(missing)}/{len(required)} required constructs covered")
    for m in missing:
        print("MISSING:", m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
