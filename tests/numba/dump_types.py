#!/usr/bin/env python3
"""Numba type oracle for the kernelc front-end corpus.

For every accepted file compiler/tests/check/accept/NN_name.py this writes
compiler/tests/check/accept/NN_name.numba.json:

    {
      "kernel_name": {"var": "type", ...},            # one entry per kernel
      "device_fn(float32, int64)": {"var": "type"}    # one per device-function
    }                                                  # specialisation

How the types are obtained
--------------------------
The file is imported with the offline shim of _corpus.py (fake sm_80 device,
recording @cuda.jit).  Each kernel is then typed by Numba's own CUDA pipeline:

    from numba.cuda.compiler import compile_cuda
    cres = compile_cuda(kernel.py_func, types.void, argtypes, cc=(8, 0),
                        debug=..., fastmath=...)
    cres.fndesc.typemap        # {ir variable name: numba type}

(``compile_cuda`` is what ``cuda.compile_ptx`` and the dispatcher call; its
result's ``fndesc.typemap`` is the typemap after Numba's type inference,
i.e. what ``cres.type_annotation`` prints.)  Device functions are typed when a
kernel calls them; each specialisation's CompileResult is in the device
dispatcher's ``overloads`` dict ({argtypes: cres}), and its typemap is recorded
under the key ``"name(argtype, ...)"`` (parentheses never occur in a kernel
name, so the two kinds of key cannot clash).  Device functions that have a
signature in their decorator are recorded the same way.  Undecorated helper
functions (which kernelc treats as device functions) are wrapped as lazy
``@cuda.jit(device=True)`` first so they get an oracle too, although plain
Numba rejects the call (see KNOWN_DIFFERENCES.md).

Which names are recorded
------------------------
* Only user-visible names: IR temporaries (``$...``) and the ``arg.X``
  argument placeholders are skipped; arguments appear under their own names.
* Numba's SSA pass renames redefinitions ``x``, ``x.1``, ``x.2`` ...; they are
  folded onto the base name ``x``.  If all versions have the same type, that
  type is recorded.  If they differ, the type recorded is Numba's unification
  of all of them (``typing_context.unify_types``), e.g. ``acc = 0`` followed by
  ``acc += a[i]`` (float32) inside a loop has versions int64 / float64 and is
  recorded as float64.  This is the single per-variable type the kernelc spec
  prescribes ("a variable assigned values of different types takes their
  unified type"), and for loop-carried variables it equals the type of the phi
  node Numba itself computed.  (Taking the *last* version instead would depend
  on Numba's SSA numbering and could name a type the variable never has at a
  join.)  If no unification exists the entry is "<no unification: t1, t2>";
  that never happens in the accepted corpus.
* Literal types are widened with ``types.unliteral`` (``Literal[int](3)`` ->
  ``int64``, ``Literal[bool](True)`` -> ``bool``), matching the spec's "integer
  literals are int64".
* Variables in branches that Numba prunes as dead (``if CONST:`` with a false
  constant) do not appear; consumers compare only the names present.

Type spelling
-------------
Numba's ``str(type)``, except tuples: ``UniTuple(int64 x 2)`` is written
``UniTuple(int64, 2)``; heterogeneous tuples ``Tuple(int64, float32)``.
Arrays: ``array(float32, 1d, C)``, layouts C / F / A; constant arrays from
``cuda.const.array_like`` are ``readonly array(float32, 1d, C)``.  ``bool``
is ``bool``.

Usage:  python tests/numba/dump_types.py [FILE...]     (default: all accepted)
        python tests/numba/dump_types.py --check        (compare, don't write)
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _corpus  # noqa: E402


def fmt_type(t):
    from numba.core import types

    t = types.unliteral(t)
    if isinstance(t, types.Omitted):
        # An argument left to its default: inside the function the
        # parameter has the default value's type, as in kernelc, which
        # passes the default as a constant of that type.
        from numba import typeof

        return fmt_type(typeof(t.value))
    if isinstance(t, types.Dispatcher):
        # A device function as a value: kernelc writes `function(name)`.
        return f"function({t.dispatcher.py_func.__name__})"
    if isinstance(t, types.Function):
        # An intrinsic as a value: kernelc writes `function(path)`, the
        # path as a user writes it.
        return f"function({function_path(t.typing_key)})"
    if isinstance(t, types.NestedArray):
        # A record's array field: kernelc types it as the C-ordered view of
        # the record's memory it is (Numba's NestedArray is an Array of
        # layout C), its shape known from the record when lowering.
        return f"array({t.dtype}, {t.ndim}d, C)"
    if isinstance(t, types.UniTuple):
        return f"UniTuple({fmt_type(t.dtype)}, {t.count})"
    if isinstance(t, types.Tuple):
        return "Tuple(" + ", ".join(fmt_type(x) for x in t.types) + ")"
    return str(t)


def function_path(key):
    """The kernelc name of the callable a Numba `Function` type is keyed
    on: `math.sin`, `np.sin`, `operator.add`, `abs`, `cuda.atomic.add`."""
    import numpy as np

    if isinstance(key, np.ufunc):
        return f"np.{key.__name__}"
    module = getattr(key, "__module__", None) or ""
    name = getattr(key, "__qualname__", None) or getattr(key, "__name__", str(key))
    if module in ("math", "cmath"):
        return f"{module}.{name}"
    if module in ("_operator", "operator"):
        return f"operator.{name}"
    if module == "builtins":
        return name
    if module.endswith("cuda.stubs"):
        # numba-cuda's stubs (`numba.cuda.stubs.atomic.add`).
        return f"cuda.{name}"
    if module.endswith("cuda.intrinsics") or type(key).__name__ == "_Intrinsic":
        return f"cuda.{getattr(key, '__name__', name)}"
    return str(key)


def collect(typemap, typingctx):
    from numba.core import types

    versions = {}
    for name, ty in typemap.items():
        if name.startswith("$") or name.startswith("arg."):
            continue
        base = name.split(".", 1)[0]
        if not base.isidentifier():
            continue
        versions.setdefault(base, []).append(types.unliteral(ty))
    out = {}
    for base in sorted(versions):
        tys = versions[base]
        uniq = []
        for t in tys:
            if t not in uniq:
                uniq.append(t)
        if len(uniq) == 1:
            out[base] = fmt_type(uniq[0])
        else:
            u = typingctx.unify_types(*uniq)
            if u is None:
                out[base] = "<no unification: " + ", ".join(fmt_type(t) for t in uniq) + ">"
            else:
                out[base] = fmt_type(u)
    return out


def sig_key(name, argtypes):
    return f"{name}(" + ", ".join(fmt_type(a) for a in argtypes) + ")"


def dump_file(path):
    from numba.core import sigutils, types
    from numba.cuda.compiler import compile_cuda
    from numba.cuda.descriptor import cuda_target

    typingctx = cuda_target.typing_context
    lf = _corpus.load(path)
    if lf.error is not None:
        raise RuntimeError(f"{path}: import failed: {lf.error}")
    _corpus.promote_plain_functions(lf)
    result, errors = {}, {}
    for e, sig in lf.kernels():
        try:
            argtypes, _ = sigutils.normalize_signature(sig)
        except NameError:
            # A name only numba-cuda's types have (`bfloat16`): its own
            # signature parser, which `cuda.compile_ptx` uses.
            from numba.cuda.core import sigutils as cuda_sigutils

            argtypes, _ = cuda_sigutils.normalize_signature(sig)
        debug = bool(e.options.get("debug", False))
        try:
            cres = compile_cuda(
                e.py_func,
                types.void,
                argtypes,
                cc=_corpus.CC,
                debug=debug,
                fastmath=bool(e.options.get("fastmath", False)),
            )
        except Exception as exc:  # noqa: BLE001
            errors[e.name] = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
            continue
        result[e.name] = collect(cres.fndesc.typemap, typingctx)
    # device functions: every specialisation compiled so far
    mod = lf.module
    seen = set()
    for val in list(vars(mod).values()):
        overloads = getattr(val, "overloads", None)
        py_func = getattr(val, "py_func", None)
        if overloads is None or py_func is None or id(val) in seen:
            continue
        if getattr(py_func, "__module__", None) != mod.__name__:
            continue
        if not val.targetoptions.get("device", False):
            continue
        seen.add(id(val))
        for argtypes, cres in overloads.items():
            fndesc = getattr(cres, "fndesc", None)
            if fndesc is None:
                continue
            result[sig_key(py_func.__name__, argtypes)] = collect(fndesc.typemap, typingctx)
    return result, errors


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if not a.startswith("-")] or _corpus.accept_files()
    _corpus.setup()
    status = 0
    for p in files:
        out = p[:-3] + ".numba.json"
        try:
            result, errors = dump_file(p)
        except Exception as exc:  # noqa: BLE001
            print(f"ERROR {os.path.basename(p)}: {exc}")
            status = 1
            continue
        for k, msg in errors.items():
            print(f"no oracle for {os.path.basename(p)}:{k}: {msg}")
        text = json.dumps(result, indent=2, sort_keys=True) + "\n"
        if check:
            old = open(out).read() if os.path.exists(out) else None
            if old != text:
                print(f"DIFFERS {os.path.basename(out)}")
                status = 1
        else:
            with open(out, "w") as fh:
                fh.write(text)
    print(f"{'checked' if check else 'wrote'} {len(files)} oracle files")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
