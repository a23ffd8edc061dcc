"""Run-case format and runners for the CPU-device corpus tests.

A *case* is one launch of one kernel from the compiler's test corpus
(``compiler/tests/check/accept/*.py``) with inputs made by NumPy and the
expected final contents of the arrays computed by NumPy, independently of any
GPU compiler.  Each ``cases/NN_name.py`` module defines ``CASES``, a list of
``Case`` objects.

Two runners execute a case:

* ``run_kernelc(case, opt)`` writes the inputs as ``.npy`` files, runs
  ``kernelc run`` on the CPU device and reads back the arrays it wrote;
* ``run_numba_sim(case)`` runs the same kernel in Numba's own simulator
  (``NUMBA_ENABLE_CUDASIM=1``); it is how a case's NumPy reference is checked
  against a second implementation when the case is written (see
  ``validate_with_numba.py``), and needs ``numba`` installed.

``check(case, inputs, outputs)`` compares outputs with ``case.expect``.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import subprocess
import sys
import tempfile
from typing import Callable, Dict, List, Optional, Sequence

import numpy as np

from fma_reference import fma  # noqa: F401 - the cases' fused references use it

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "compiler", "tests", "check", "accept")
CASES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")

Arg = object  # an np.ndarray or a NumPy scalar (np.float32(0.5), np.int64(3), np.bool_(True))


@dataclasses.dataclass
class Case:
    """One launch of one corpus kernel, with a NumPy reference."""

    source: str
    """Corpus file name, e.g. ``"01_vector_add.py"``."""
    kernel: str
    """Name of the kernel function in that file."""
    grid: Sequence[int]
    block: Sequence[int]
    args: Callable[[np.random.Generator], List[Arg]]
    """Builds the kernel arguments, in order, from a seeded generator."""
    expect: Callable[[List[Arg]], Dict[int, np.ndarray]]
    """Given (copies of) the inputs, returns {argument position: expected final
    array} for every array the kernel writes, computed with NumPy."""
    sig: Optional[str] = None
    """Signature for a kernel without one in its decorator or header."""
    shared: int = 0
    """Dynamic shared memory in bytes."""
    consts: Dict[str, np.ndarray] = dataclasses.field(default_factory=dict)
    """Host arrays behind ``cuda.const.array_like(NAME)`` (or read by NAME)."""
    globals: Dict[str, str] = dataclasses.field(default_factory=dict)
    """Device arrays the kernel reads and writes by their module-level
    NAME, with their Numba types (``{"DEV": "float32[::1]"}``): the last
    ``len(globals)`` arguments, in this order, are their contents (kernelc
    passes them as hidden parameters; Numba captures ``cuda.to_device``
    copies bound to NAME)."""
    rtol: float = 0.0
    atol: float = 0.0
    """Tolerances for floating-point outputs (0 = exact)."""
    fused: Optional[Callable[[List[Arg]], Dict[int, np.ndarray]]] = None
    """The reference at -O2, where kernelc, as Numba's compiler at its
    default optimisation level, computes ``a * b + c`` as one fused
    multiply-add (one rounding; see ``compiler/src/opt/contract.rs``),
    written with ``fma`` (``fma_reference.py``); ``expect`` is then the reference at -O0
    (and Numba's simulator's). None when the kernel fuses nothing."""
    stdout: Optional[Callable[[List[Arg]], List[str]]] = None
    """Expected printed lines, compared as a sorted multiset (threads print in
    any order)."""
    name: str = ""
    """Distinguishes several cases of the same kernel."""
    seed: int = 1234
    verify: Optional[Callable[[List[Arg], Dict[int, np.ndarray]], None]] = None
    """Extra assertions on (inputs, outputs) for results that are not one
    fixed array, e.g. the old values returned by atomics, which depend on
    the order threads arrive in; positions checked here are left out of
    ``expect``."""
    expect_error: Optional[str] = None
    """A regular expression the error message must match when the launch is
    expected to fail (an out-of-bounds index under ``boundscheck``, a
    checker report); ``expect`` is then not used."""
    numba_skip: Optional[str] = None
    """Why Numba's simulator cannot run this case (it is then only run by
    kernelc); None when it can."""

    @property
    def id(self) -> str:
        stem = self.source[:-3] if self.source.endswith(".py") else self.source
        return f"{stem}::{self.kernel}" + (f"[{self.name}]" if self.name else "")

    @property
    def path(self) -> str:
        return os.path.join(CORPUS, self.source)

    def make_inputs(self) -> List[Arg]:
        return self.args(np.random.default_rng(self.seed))


def load_cases() -> List[Case]:
    """Every case of every ``cases/*.py`` module, in file order."""
    out: List[Case] = []
    for fname in sorted(os.listdir(CASES_DIR)):
        if not fname.endswith(".py") or fname.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"kc_case_{fname[:-3]}", os.path.join(CASES_DIR, fname))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        out.extend(mod.CASES)
    return out


def _copy_args(args: List[Arg]) -> List[Arg]:
    return [a.copy(order="K") if isinstance(a, np.ndarray) else a for a in args]


# ---------------------------------------------------------------- comparison


def check(case: Case, inputs: List[Arg], outputs: Dict[int, np.ndarray], stdout: str = "",
          opt: str = "-O2") -> None:
    """Raise AssertionError with a readable message when outputs differ
    from the case's reference at optimisation level `opt` (``-O0`` for
    Numba's simulator, which fuses nothing)."""
    reference = case.fused if opt == "-O2" and case.fused is not None else case.expect
    expected = reference(_copy_args(inputs))
    for pos, want in expected.items():
        # An array the kernel may not write is not copied back: the host
        # keeps its input, which is then what the reference must expect.
        got = outputs[pos] if pos in outputs else inputs[pos]
        want = np.asarray(want)
        assert got.shape == want.shape, f"{case.id}: arg {pos} shape {got.shape} != {want.shape}"
        assert got.dtype == want.dtype, f"{case.id}: arg {pos} dtype {got.dtype} != {want.dtype}"
        if np.issubdtype(want.dtype, np.complexfloating):
            ok = _complex_close(got, want, case.rtol, case.atol)
        elif np.issubdtype(want.dtype, np.floating) and (case.rtol or case.atol):
            ok = np.isclose(got, want, rtol=case.rtol, atol=case.atol, equal_nan=True)
        elif np.issubdtype(want.dtype, np.floating):
            ok = (got == want) | (np.isnan(got) & np.isnan(want))
        else:
            ok = got == want
        if not np.all(ok):
            bad = np.argwhere(~np.asarray(ok))
            first = tuple(bad[0]) if bad.ndim > 1 and len(bad) else ()
            raise AssertionError(
                f"{case.id}: arg {pos}: {len(bad)} of {want.size} elements differ; "
                f"first at {first}: got {got[first]!r}, expected {want[first]!r}"
            )
    if case.verify is not None:
        case.verify(_copy_args(inputs), outputs)
    if case.stdout is not None:
        want_lines = sorted(case.stdout(_copy_args(inputs)))
        got_lines = sorted(line for line in stdout.splitlines())
        assert got_lines == want_lines, f"{case.id}: printed {got_lines!r}, expected {want_lines!r}"


def _complex_close(got, want, rtol, atol):
    """Complex elements equal part by part (NaN matching NaN), or, with
    tolerances, within `atol + rtol * |want|` of each other; a part that
    is NaN or infinite in `want` must be matched exactly."""
    same = np.ones(want.shape, bool)
    special = np.zeros(want.shape, bool)
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        special |= ~np.isfinite(w)
        same &= (g == w) | (np.isnan(g) & np.isnan(w))
    if not (rtol or atol):
        return same
    with np.errstate(invalid="ignore", over="ignore"):
        diff = np.abs(got.astype(np.complex128) - want.astype(np.complex128))
        close = diff <= atol + rtol * np.abs(want.astype(np.complex128))
    return np.where(special, same, same | close)


# ---------------------------------------------------------------- kernelc


def _flatten(t):
    """The items of a (nested) tuple argument, depth first."""
    for x in t:
        if isinstance(x, tuple):
            yield from _flatten(x)
        else:
            yield x


def _bfloat16_dtype():
    """NumPy's bfloat16 (ml_dtypes'), or None without ml_dtypes."""
    try:
        import ml_dtypes
    except ImportError:
        return None
    return np.dtype(ml_dtypes.bfloat16)


def _scalar_arg(value) -> str:
    v = np.asarray(value)
    bf16 = _bfloat16_dtype()
    if bf16 is not None and v.dtype == bf16:
        return f"bf16:{float(v)!r}"
    code = {
        np.dtype(np.bool_): "bool",
        np.dtype(np.int8): "i8",
        np.dtype(np.int16): "i16",
        np.dtype(np.int32): "i32",
        np.dtype(np.int64): "i64",
        np.dtype(np.uint8): "u8",
        np.dtype(np.uint16): "u16",
        np.dtype(np.uint32): "u32",
        np.dtype(np.uint64): "u64",
        np.dtype(np.float16): "f16",
        np.dtype(np.float32): "f32",
        np.dtype(np.float64): "f64",
        np.dtype(np.complex64): "c64",
        np.dtype(np.complex128): "c128",
    }[v.dtype]
    if code.startswith("c"):
        z = complex(v)
        return f"{code}:({z.real!r}{z.imag:+.17g}j)"
    if code == "bool":
        return f"bool:{'true' if bool(v) else 'false'}"
    if code.startswith("f"):
        return f"{code}:{float(v)!r}"
    return f"{code}:{int(v)}"


# Seconds one `kernelc run` may take (the slowest case takes about 10 s on
# the CPU device in a debug build).
RUN_TIMEOUT_S = 300


def kernelc_binary() -> str:
    exe = os.environ.get("KERNELC_BIN")
    if exe:
        return exe
    return os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "kernelc")


def run_kernelc(case: Case, opt: str = "-O2", extra: Sequence[str] = (), device: str = "cpu"):
    """Run the case with ``kernelc run`` on ``device`` (``cpu``, or ``gpu``:
    kernelc's GPU path, on a GPU or on the emulated driver).

    Returns (inputs, {position: array written back}, stdout)."""
    inputs = case.make_inputs()
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [kernelc_binary(), "run", case.path, "--kernel", case.kernel, "--device", device, opt]
        if device == "cpu":
            # The CPU device also looks for shared-memory races,
            # out-of-bounds shared/local accesses and divergent barriers.
            cmd.append("--check")
        if case.sig:
            cmd += ["--sig", case.sig]
        cmd += ["--grid", ",".join(map(str, case.grid)), "--block", ",".join(map(str, case.block))]
        if case.shared:
            cmd += ["--shared", str(case.shared)]
        for name, arr in case.consts.items():
            p = os.path.join(tmp, f"const_{name}.npy")
            np.save(p, arr)
            cmd += ["--const", f"{name}={p}"]
        for name, ty in case.globals.items():
            cmd += ["--global", f"{name}={ty}"]
        out_dir = os.path.join(tmp, "out")
        cmd += ["--out", out_dir, *extra]
        # A tuple argument is given as its items, depth first (as kernelc
        # lists a tuple parameter); `position[leaf]` is the argument a
        # top-level array came as, for reading the written arrays back.
        leaves, position = [], {}
        for i, a in enumerate(inputs):
            if isinstance(a, tuple):
                leaves.extend(_flatten(a))
            else:
                position[len(leaves)] = i
                leaves.append(a)
        for i, a in enumerate(leaves):
            if isinstance(a, np.ndarray):
                p = os.path.join(tmp, f"arg{i}.npy")
                np.save(p, a)
                cmd.append(p)
            else:
                cmd.append(_scalar_arg(a))
        try:
            # A kernel that never finishes (a miscompiled loop, a GPU
            # deadlock) must fail its case, not hang the suite.
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{case.id}: kernelc run did not finish in {RUN_TIMEOUT_S} s:\n{' '.join(cmd)}")
        if case.expect_error is not None:
            import re

            if proc.returncode == 0:
                raise AssertionError(f"{case.id}: expected a failure matching {case.expect_error!r}, the run succeeded")
            if not re.search(case.expect_error, proc.stderr):
                raise AssertionError(f"{case.id}: expected an error matching {case.expect_error!r}, got:\n{proc.stderr}")
            return inputs, None, proc.stdout
        if proc.returncode != 0:
            raise AssertionError(f"{case.id}: kernelc run failed ({proc.returncode}):\n{' '.join(cmd)}\n{proc.stderr}")
        outputs = {}
        if os.path.isdir(out_dir):
            for f in os.listdir(out_dir):
                # Arrays inside tuples are not compared (the kernels write
                # their results to top-level arrays).
                if f.endswith(".npy") and int(f[:-4]) in position:
                    outputs[position[int(f[:-4])]] = np.load(os.path.join(out_dir, f))
        return inputs, outputs, proc.stdout


# ---------------------------------------------------------------- Numba's simulator


def run_numba_sim(case: Case):
    """Run the case in Numba's simulator (needs numba; sets NUMBA_ENABLE_CUDASIM
    before numba is first imported, so call it from a fresh process).

    Returns (inputs, {position: final array for every array argument}, stdout)."""
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
    return run_numba(case)


def run_numba(case: Case):
    """Run the case with Numba CUDA as the process has it: its simulator
    (see ``run_numba_sim``) or real Numba CUDA on whatever driver it finds
    (a GPU, or kernelc's emulated driver through ``NUMBA_CUDA_DRIVER``).

    Returns (inputs, {position: final array for every array argument}, stdout)."""
    import contextlib
    import io

    spec = importlib.util.spec_from_file_location(f"kc_corpus_{case.source[:-3]}", case.path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name, arr in case.consts.items():
        setattr(mod, name, arr)
    kern = getattr(mod, case.kernel)
    inputs = case.make_inputs()
    work = _copy_args(inputs)
    # The device arrays a kernel captures by name: the last arguments.
    own = len(work) - len(case.globals)
    captured = {}
    for k, name in enumerate(case.globals):
        captured[own + k] = mod.cuda.to_device(work[own + k])
        setattr(mod, name, captured[own + k])
    work_own = work[:own]
    buf = io.StringIO()
    # A 0-D array of records is a record argument: Numba takes the record
    # (a NumPy void scalar that views the array's memory).
    launch = [a[()] if isinstance(a, np.ndarray) and a.ndim == 0 and a.dtype.names else a
              for a in work_own]
    with contextlib.redirect_stdout(buf):
        kern[tuple(case.grid), tuple(case.block), 0, case.shared](*launch)
    for pos, dev in captured.items():
        work[pos] = dev.copy_to_host()
    outputs = {i: a for i, a in enumerate(work) if isinstance(a, np.ndarray)}
    return inputs, outputs, buf.getvalue()


if __name__ == "__main__":
    print(f"{len(load_cases())} cases", file=sys.stderr)
