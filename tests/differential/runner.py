"""Runs generated kernels (``gen.py``) on kernelc and on Numba and compares.

The referee is Numba's real CUDA compiler: ``numba.cuda.compile_ptx`` types
and compiles the program exactly as it would for a GPU (no GPU needed), and
Numba's PTX is then executed on kernelc's CPU device (``kernelc run X.ptx``),
the same PTX simulator that runs kernelc's own PTX. So the two results differ
only where the compilers differ. (Numba's CUDA *simulator* is not used as the
referee: it runs the kernel as plain Python on NumPy scalars, whose typing is
NumPy's, not Numba's: ``uint8 + uint8`` wraps at 8 bits there, Numba gives a
uint64.)

Numba's NVVM fuses ``a * b + c`` into one multiply-add by default
(``-fma=1``), and so does kernelc at -O2, pair for pair
(``compiler/src/opt/contract.rs``), so the referee keeps NVVM's default and
float arithmetic is compared bit for bit (``--numba-no-fma`` compiles the
referee with ``fma=0`` instead, to tell a contraction difference from
another; see FINDINGS.md, F6).

Comparison: integers and bools bit for bit; floats bit for bit (nan equals
nan, -0.0 differs from 0.0) except in output slots fed by an inexact ``math``
function or float ``**`` (the generator marks them), where both results must
be within a relative tolerance of 2e-3 (float32) or 1e-7 (float64) -- both
math libraries claim <= 2 ulp, and a few operations after them can amplify
that -- or be equal infinities or both nan.

    python tests/differential/runner.py --seeds 0:500 [--jobs 2]
        [--features -join_if,-retype] [--log results.jsonl] [--show]

Outcomes: ``ok``; ``disagree``; ``kernelc-reject`` (kernelc refused a program
Numba compiles); ``kernelc-crash`` (a panic, a signal, or a hang);
``kernelc-error`` (kernelc compiled it but the launch failed); ``numba-reject``
(Numba refused the program: a generator bug, not counted as a finding);
``referee-error`` (Numba's PTX would not run on the CPU device)."""

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

TIMEOUT_S = 30
RTOL = {"float32": 2e-3, "float64": 1e-7}
FINDINGS = ("disagree", "kernelc-reject", "kernelc-crash", "kernelc-error")


def kernelc_bin():
    env = os.environ.get("KERNELC_BIN")
    if env:
        return env
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "debug", "kernelc")


_numba_ready = False


def _numba_setup(fma=True):
    global _numba_ready
    if _numba_ready:
        return
    os.environ.pop("NUMBA_ENABLE_CUDASIM", None)
    import numba.cuda.api as api
    import numba.cuda.compiler as ccomp
    import numba.cuda.dispatcher as disp
    from numba.cuda.cudadrv import nvvm

    # Compiling needs only a device's compute capability: a fake sm_80 one
    # (as tests/numba/_corpus.py does), so no GPU or driver is needed.
    class FakeDevice:
        compute_capability = (8, 0)
        WARP_SIZE = 32
        name = b"difftest-offline-sm80"
        id = 0

    for m in (api, ccomp, disp):
        m.get_current_device = FakeDevice

    original = nvvm.compile_ir

    def compile_ir(llvmir, **options):
        if not fma:
            options.setdefault("fma", False)
        return original(llvmir, **options)

    nvvm.compile_ir = compile_ir
    _numba_ready = True


def numba_ptx(prog, path, fma=True):
    """Numba's PTX for the program's kernel, and the kernel's entry name."""
    _numba_setup(fma)
    from numba.cuda import compile_ptx

    name = f"difftest_{os.getpid()}_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
        ptx, _ = compile_ptx(getattr(mod, prog.kernel).py_func, prog.signature(), cc=(8, 0))
    finally:
        del sys.modules[name]
    entry = re.search(r"\.entry\s+(\w+)", ptx).group(1)
    return ptx, entry


def _run_cli(args, cwd):
    try:
        r = subprocess.run([kernelc_bin()] + args, cwd=cwd, capture_output=True, text=True,
                           timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {TIMEOUT_S} s"
    text = r.stderr + r.stdout
    if len(text) > 4000:
        # keep the head, and the verifier's complaints wherever they are
        marks = [line for line in text.splitlines() if "; error" in line][:5]
        text = "\n".join(marks + [text[:4000]])
    return r.returncode, text


def _launch_args(prog):
    return ["--grid", str(gen.N // gen.BLOCK), "--block", str(gen.BLOCK), "--device", "cpu"]


def run_kernelc(prog, work):
    """kernelc compiles the Python source and runs it; returns (status, detail, outputs)."""
    files, positions = [], {}
    for k, name in enumerate(prog.params()):
        files.append(os.path.join(work, f"{name}.npy"))
        positions[name] = k
    out = os.path.join(work, "kc_out")
    rc, text = _run_cli(["run", "prog.py", "--kernel", prog.kernel, "--sig", prog.signature()]
                        + _launch_args(prog) + files + ["--out", out], work)
    if rc is None or rc not in (0, 1):
        return "kernelc-crash", f"exit {rc}: {text}", None
    if rc == 1:
        if "error" in text and ("launch" in text or "fault" in text or "out of bounds" in text):
            return "kernelc-error", text, None
        if os.path.isdir(out):
            return "kernelc-error", text, None
        return "kernelc-reject", text, None
    return "ok", "", _outputs(prog, out, positions)


def _outputs(prog, out, positions):
    """The output arrays saved under ``out``; one the kernel never writes is
    not saved, and keeps its initial zeros."""
    res = {}
    for n, _, _ in prog.outputs:
        f = os.path.join(out, f"{positions[n]}.npy")
        res[n] = np.load(f) if os.path.exists(f) else prog.arrays[n]
    return res


def run_referee(prog, work, fma=True):
    """Numba compiles the program to PTX; kernelc's CPU device runs that PTX."""
    try:
        ptx, entry = numba_ptx(prog, os.path.join(work, "prog.py"), fma)
    except Exception as e:  # noqa: BLE001 - Numba refused the program
        msg = f"{type(e).__name__}: {e}"
        return "numba-reject", msg[-2000:], None
    with open(os.path.join(work, "numba.ptx"), "w") as f:
        f.write(ptx)
    args, positions = [], {}
    for name in prog.params():
        a = prog.arrays[name]
        f = os.path.join(work, f"{name}.npy")
        # Numba's array ABI: meminfo, parent, nitems, itemsize, data, shape..., strides...
        args += ["i64:0", "i64:0", f"i64:{a.size}", f"i64:{a.itemsize}"]
        positions[name] = len(args)
        args.append(f)
        args += [f"i64:{s}" for s in a.shape] + [f"i64:{s}" for s in a.strides]
    out = os.path.join(work, "nb_out")
    rc, text = _run_cli(["run", "numba.ptx", "--kernel", entry] + _launch_args(prog) + args
                        + ["--out", out], work)
    if rc != 0:
        return "referee-error", f"exit {rc}: {text}", None
    return "ok", "", _outputs(prog, out, positions)


def _same_exact(a, b):
    if a.dtype.kind == "f":
        both_nan = np.isnan(a) & np.isnan(b)
        same = (a == b) & (np.signbit(a) == np.signbit(b))
        return both_nan | same
    return a == b


def _same_close(a, b, dtype):
    both_nan = np.isnan(a) & np.isnan(b)
    with np.errstate(invalid="ignore", over="ignore"):
        scale = np.maximum(np.abs(a), np.abs(b))
        close = np.abs(a.astype(np.float64) - b) <= RTOL[dtype] * scale
    return both_nan | (a == b) | close


def compare(prog, ours, ref):
    """A list of mismatch descriptions (empty when the outputs agree)."""
    problems = []
    for name, dtype, slots in prog.outputs:
        for s in range(slots):
            a, b = ours[name][:, s], ref[name][:, s]
            exact = prog.exact[(name, s)]
            ok = _same_exact(a, b) if exact or dtype not in gen.FLOATS else _same_close(a, b, dtype)
            if not ok.all():
                rows = np.flatnonzero(~ok)
                r = rows[0]
                problems.append(f"{name}[:, {s}] ({dtype}{'' if exact else ', tolerance'}): "
                                f"{len(rows)} rows differ, first i={r}: kernelc {a[r]!r}, Numba {b[r]!r}")
    return problems


def check(prog, fma=True, keep=None):
    """Runs one program both ways: a dict with outcome, detail, seed."""
    work = tempfile.mkdtemp(prefix="difftest_")
    try:
        with open(os.path.join(work, "prog.py"), "w") as f:
            f.write(prog.source)
        for name in prog.params():
            np.save(os.path.join(work, f"{name}.npy"), prog.arrays[name])
        status, detail, ref = run_referee(prog, work, fma)
        if status != "ok":
            return {"seed": prog.seed, "outcome": status, "detail": detail}
        status, detail, ours = run_kernelc(prog, work)
        if status != "ok":
            return {"seed": prog.seed, "outcome": status, "detail": detail}
        problems = compare(prog, ours, ref)
        if problems:
            return {"seed": prog.seed, "outcome": "disagree", "detail": "\n".join(problems)}
        return {"seed": prog.seed, "outcome": "ok", "detail": ""}
    finally:
        if keep:
            shutil.copytree(work, keep, dirs_exist_ok=True)
        shutil.rmtree(work, ignore_errors=True)


def check_repro(path, fma=True, exact=False):
    """Runs a repro file: its first line names the seed and features whose
    inputs it uses (``# seed N, features SPEC, ...``). With ``exact``, every
    output is compared bit for bit (a hand-written program's outputs need
    not follow the generated program's tolerances)."""
    with open(path) as f:
        source = f.read()
    m = re.match(r"# seed (\d+), features (\S+),", source)
    prog = gen.generate(int(m.group(1)), sorted(parse_features(m.group(2))))
    prog.source = source
    # a repro written before the compound classes (views, tuples, complex)
    # existed has none of their 2-D inputs and outputs: keep the parameters
    # its kernel takes
    params = re.search(rf"def {prog.kernel}\(([^)]*)\)", source).group(1)
    params = {p.strip() for p in params.split(",")}
    prog.mats = [m for m in prog.mats if m[0] in params]
    prog.outputs = [o for o in prog.outputs if o[0] in params]
    prog.exact = {k: v for k, v in prog.exact.items() if k[0] in params}
    if exact:
        prog.exact = dict.fromkeys(prog.exact, True)
    return check(prog, fma)


def parse_features(spec):
    """'all', 'a,b' (only these), or '-a,-b' (all but these)."""
    names = set(gen.FEATURES)
    if not spec or spec == "all":
        return names
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if all(p.startswith("-") for p in parts):
        chosen = names - {p[1:] for p in parts}
    else:
        chosen = set(parts)
    unknown = chosen - names
    if unknown:
        raise SystemExit(f"unknown features: {sorted(unknown)}")
    return chosen


def _work(job):
    seed, features, fma = job
    prog = gen.generate(seed, features)
    t = time.time()
    res = check(prog, fma)
    res["seconds"] = round(time.time() - t, 2)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0:100", help="START:STOP or a comma list")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--features", default="all")
    ap.add_argument("--numba-no-fma", action="store_true",
                    help="compile the referee with NVVM's fma=0 (kernelc still fuses)")
    ap.add_argument("--log", help="append one JSON line per program")
    ap.add_argument("--show", action="store_true", help="print each finding's detail")
    ap.add_argument("--repro", help="re-run a reduced repro written by reduce.py")
    args = ap.parse_args()
    if args.repro:
        res = check_repro(args.repro, not args.numba_no_fma)
        print(f"{res['outcome']}\n{res['detail']}")
        return 1 if res["outcome"] in FINDINGS else 0
    if ":" in args.seeds:
        a, b = args.seeds.split(":")
        seeds = range(int(a), int(b))
    else:
        seeds = [int(s) for s in args.seeds.split(",")]
    features = sorted(parse_features(args.features))
    print(f"features: {', '.join(features)}", flush=True)
    jobs = [(s, features, not args.numba_no_fma) for s in seeds]
    counts = {}
    log = open(args.log, "a") if args.log else None
    if args.jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(args.jobs)
        results = pool.imap_unordered(_work, jobs)
    else:
        results = map(_work, jobs)
    for res in results:
        counts[res["outcome"]] = counts.get(res["outcome"], 0) + 1
        if log:
            log.write(json.dumps(res) + "\n")
            log.flush()
        if res["outcome"] != "ok":
            print(f"seed {res['seed']}: {res['outcome']}" + (f"\n{res['detail']}" if args.show else ""),
                  flush=True)
    print("summary:", json.dumps(counts, sort_keys=True))
    return 1 if any(counts.get(k) for k in FINDINGS) else 0


if __name__ == "__main__":
    sys.exit(main())
