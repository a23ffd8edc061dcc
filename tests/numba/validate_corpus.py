#!/usr/bin/env python3
"""Validate the kernelc front-end corpus against real Numba CUDA (no GPU needed).

For every accepted file compiler/tests/check/accept/NN_name.py:
  * import it as a module (importlib) with numba.cuda.jit replaced by the
    recording shim of _corpus.py;
  * for every kernel with a signature (decorator, or `# kernelc: --kernel K
    --sig "..."` header) call
        cuda.compile_ptx(kernel.py_func, sig, cc=(8, 0), debug=..., fastmath=...)
  * for every device function with a signature call
        cuda.compile_ptx(func.py_func, sig, device=True, cc=(8, 0))
  * report failures.  Files/kernels listed in EXPECTED_FAILURES (see
    KNOWN_DIFFERENCES.md) are reported as "expected" and do not fail the run;
    if such a kernel unexpectedly compiles, that is reported too.

With --reject, also run the rejected corpus through Numba (informational):
lists the rejected files that Numba/Python *accepts* (kernelc is stricter
there; KNOWN_DIFFERENCES.md explains each).

Usage:  python tests/numba/validate_corpus.py [--reject] [-v] [FILE...]
Exit status 0 when every accepted kernel compiles or is an expected failure.
"""

import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _corpus  # noqa: E402

# file stem -> {kernel name or "*": reason}
EXPECTED_FAILURES = {
    "45_boundscheck": {
        "@boundscheck": "numba-cuda's @cuda.jit raises NotImplementedError for "
        "boundscheck=True; the body (compiled without the option) is valid",
    },
    "46_undecorated_device_fn": {
        "*": "Numba CUDA cannot call a plain (undecorated) Python function from "
        "a kernel ('Untyped global name'); the spec treats it as a device function",
    },
    "108_numpy_functions_extra": {
        "*": "numba-cuda 0.30's CUDA ufunc table has no np.sqrt, np.exp, np.floor, np.abs, "
        "... (compiling one stops with KeyError: <ufunc 'sqrt'>); kernelc compiles them "
        "with Numba's CPU typing",
    },
    "113_records": {
        "step_packed": "numba-cuda refuses a packed record's misaligned fields ('m of type "
        "float64 is not aligned'); kernelc reads and writes them byte by byte",
    },
    "154_recursion_mutual": {
        "recursion_mutual": "numba-cuda 0.30 types mutual recursion but cannot lower a "
        "call of a function still being compiled other than itself (call_unresolved "
        "needs insert_unresolved_ref, which its CUDA codegen lacks: AttributeError); "
        "Numba's simulator runs the kernel (tests/cpu_device/cases/154_recursion_mutual.py)",
    },
    "63_sync_predicates": {
        "block_vote_bool": "Numba types syncthreads_count/and/or only for integer "
        "predicates; the spec accepts a bool predicate",
    },
}


def short(exc):
    msg = f"{type(exc).__name__}: {exc}"
    lines = [l for l in msg.splitlines() if l.strip()]
    return " | ".join(lines[:4])[:400]


def expected(stem, kname):
    ex = EXPECTED_FAILURES.get(stem, {})
    return ex.get(kname) or ex.get("*")


def bad_options(entry):
    """Decorator options that numba-cuda's _Kernel would refuse (TypeError at
    first compile).  compile_ptx does not see decorator options, so check them
    against _Kernel.__init__'s parameters like the real dispatcher would."""
    import inspect

    from numba.cuda.dispatcher import _Kernel

    if entry.device:
        return []
    allowed = set(inspect.signature(_Kernel.__init__).parameters) | {"cache", "link"}
    return sorted(k for k in entry.options if k not in allowed and k != "boundscheck")


def validate_file(path, verbose=False):
    from numba import cuda

    stem = os.path.splitext(os.path.basename(path))[0]
    results = []  # (status, what, message)
    lf = _corpus.load(path)
    if lf.error is not None:
        why = expected(stem, "*")
        results.append(("expected" if why else "FAIL", "import", short(lf.error)))
        if verbose:
            traceback.print_exception(lf.error)
        return results
    kernels = lf.kernels()
    if not kernels:
        results.append(("FAIL", "file", "no kernel with a signature found"))
    # every cuda.const.array_like(NAME) needs a matching `# kernelc: --const`
    import re

    src = open(path, encoding="utf-8").read()
    for name in sorted(set(re.findall(r"cuda\.const\.array_like\((\w+)\)", src))):
        decl = lf.header["consts"].get(name)
        arr = getattr(lf.module, name, None)
        if decl is None:
            results.append(("FAIL", name, "constant array used without a '# kernelc: --const' header"))
        elif arr is None or tuple(arr.shape) != decl[1] or (
                _corpus.record_dtype(decl[0]) != arr.dtype if decl[0].startswith("Record(")
                else str(arr.dtype) != decl[0]):
            got = None if arr is None else f"{arr.dtype}{list(arr.shape)}"
            results.append(("FAIL", name, f"header says {decl[0]}{list(decl[1])}, module has {got}"))
        else:
            results.append(("ok", name + " (const header)", f"{decl[0]}{list(decl[1])}"))
    for e, sig in kernels:
        opts = e.options
        debug = bool(opts.get("debug", False))
        for k in bad_options(e):
            results.append(("FAIL", e.name, f"unknown cuda.jit option {k!r}"))
        try:
            cuda.compile_ptx(
                e.py_func,
                sig,
                cc=_corpus.CC,
                debug=debug,
                opt=not debug,
                fastmath=bool(opts.get("fastmath", False)),
            )
            why = expected(stem, e.name)
            if why and expected(stem, "*") is None:
                results.append(("UNEXPECTED-PASS", e.name, why))
            else:
                results.append(("ok", e.name, str(sig)))
        except Exception as exc:  # noqa: BLE001
            why = expected(stem, e.name)
            results.append(("expected" if why else "FAIL", e.name, short(exc)))
            if verbose and not why:
                traceback.print_exc()
        if opts.get("boundscheck"):
            results.append(
                ("expected", e.name + " @boundscheck", EXPECTED_FAILURES.get(stem, {}).get("@boundscheck", "numba-cuda rejects boundscheck=True"))
            )
    for e in lf.device_functions():
        if e.sig is None:
            continue
        for sig in e.sig if isinstance(e.sig, list) else [e.sig]:
            try:
                cuda.compile_ptx(e.py_func, sig, device=True, cc=_corpus.CC)
                results.append(("ok", e.name + " (device)", str(sig)))
            except Exception as exc:  # noqa: BLE001
                why = expected(stem, e.name)
                results.append(("expected" if why else "FAIL", e.name + " (device)", short(exc)))
    return results


def check_reject(path):
    """Return (numba_accepts: bool, message)."""
    from numba import cuda

    lf = _corpus.load(path)
    if lf.error is not None:
        return False, "import: " + short(lf.error)
    kernels = lf.kernels()
    if not kernels:
        return False, "no kernel with a usable signature"
    errors = []
    for e, sig in kernels:
        for k in bad_options(e):
            errors.append(f"{e.name}: _Kernel rejects option {k!r}")
        try:
            cuda.compile_ptx(e.py_func, sig, cc=_corpus.CC)
        except Exception as exc:  # noqa: BLE001
            errors.append(f"{e.name}: {short(exc)}")
    if errors:
        return False, "; ".join(errors)
    return True, "all kernels compile in Numba"


def main(argv):
    verbose = "-v" in argv
    do_reject = "--reject" in argv
    files = [a for a in argv if not a.startswith("-")]
    _corpus.setup()
    is_rej = lambda p: os.sep + "reject" + os.sep in os.path.abspath(p)  # noqa: E731
    paths = [p for p in files if not is_rej(p)] if files else _corpus.accept_files()
    rpaths = [p for p in files if is_rej(p)] if files else _corpus.reject_files()
    n_ok = n_fail = n_exp = 0
    for p in paths:
        res = validate_file(p, verbose)
        bad = [r for r in res if r[0] in ("FAIL", "UNEXPECTED-PASS")]
        name = os.path.basename(p)
        for st, what, msg in res:
            if st == "ok":
                n_ok += 1
            elif st == "expected":
                n_exp += 1
            else:
                n_fail += 1
        if bad or verbose:
            for st, what, msg in res:
                print(f"{st:16} {name}: {what}: {msg}")
        else:
            extra = [r for r in res if r[0] == "expected"]
            for st, what, msg in extra:
                print(f"{'expected':16} {name}: {what}: {msg}")
    if paths:
        print(f"accepted corpus: {len(paths)} files, {n_ok} compiled ok, "
              f"{n_exp} expected failures, {n_fail} unexpected")
    if do_reject or (files and rpaths):
        accepted = 0
        for p in rpaths:
            ok, msg = check_reject(p)
            tag = "NUMBA-ACCEPTS" if ok else "numba-rejects"
            if ok:
                accepted += 1
            print(f"{tag:14} {os.path.basename(p)}: {msg}")
        print(f"rejected corpus: {len(rpaths)} files, Numba accepts {accepted} of them")
    return 1 if n_fail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
