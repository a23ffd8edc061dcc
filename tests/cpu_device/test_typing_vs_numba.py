"""Typing rules against Numba itself: kernelc's results on the CPU device
must be Numba's.

Two referees run the same source:

* Numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``), the referee of the
  return-unification test: it runs the kernel as Python with NumPy
  scalars, so it agrees with compiled Numba wherever the values involved
  are exact in every type (that kernel keeps them small for that reason);
* Numba's CPU compiler (``numba.njit``) on the same functions, with
  ``cuda.grid(1)`` replaced by the loop index: it types the program as the
  CUDA target does (SSA versions, unification at joins, integer widths),
  which the simulator does not (``int32 * int`` stays int32 in NumPy): the
  referee of the other typing kernels.

Both run in one subprocess (importing Numba once); kernelc runs each kernel
with ``kernelc run`` on the CPU device. The cases are the ones issue 20
found wrong: device functions whose returns have different types (every
pair of scalar types, as literals and as variables), variables joining
different types after an ``if`` and around loops, variables re-assigned
with another type, unary ``-``/``~`` on narrow integers, float floor
division by zero, and literal constant folding.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap

import numpy as np
import pytest

from harness import kernelc_binary

HEADER = """\
import math
import numpy as np
from numba import cuda, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64
"""

# Numba constructor of each scalar type, as a kernel writes it.
TYPES = {
    "bool": "bool",
    "int8": "int8",
    "int16": "int16",
    "int32": "int32",
    "int64": "int64",
    "uint8": "uint8",
    "uint16": "uint16",
    "uint32": "uint32",
    "uint64": "uint64",
    "float32": "float32",
    "float64": "float64",
}

# Python literals (typed int64, float64 and bool by Numba).
LITERALS = {"int literal": "7", "float literal": "2.5", "bool literal": "True"}

N = 8  # threads; even ones take the first return


def _return_forms():
    """(description, statement lines returning a value) for every form."""
    forms = []
    for name, ctor in TYPES.items():
        forms.append((f"{name} variable", [f"v = {ctor}(x + OFFSET)", "return v"]))
    for name, lit in LITERALS.items():
        forms.append((name, [f"return {lit}"]))
    return forms


def return_unification_source():
    """One device function per pair of return forms (`if c: return A`,
    then `return B`) and a kernel storing each one's result."""
    forms = _return_forms()
    functions, calls, cases = [], [], []
    for i, (da, la) in enumerate(forms):
        for j, (db, lb) in enumerate(forms):
            k = len(cases)
            first = [line.replace("OFFSET", "1") for line in la]
            second = [line.replace("OFFSET", "2") for line in lb]
            body = ["if c:"] + ["    " + line for line in first] + second
            functions.append(
                "@cuda.jit(device=True)\n"
                f"def f{k}(x, c):\n" + "".join(f"    {line}\n" for line in body)
            )
            calls.append(f"        o[{k}, i] = f{k}(x, c)\n")
            cases.append(f"{da} / {db}")
    kernel = (
        "@cuda.jit\n"
        "def kernel(a, o):\n"
        "    i = cuda.grid(1)\n"
        "    if i < a.size:\n"
        "        x = a[i]\n"
        "        c = i % 2 == 0\n" + "".join(calls)
    )
    return HEADER + "\n\n".join(functions) + "\n\n" + kernel, cases


# Kernels whose typing the simulator does not reproduce: njit is the referee.
TYPING_KERNELS = {
    "clamp with returns of different types (issue 20, point 1)": (
        """
        @cuda.jit(device=True)
        def clamp(x, hi):
            y = x + 1
            if y > hi:
                return hi
            return y

        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            if i < a.size:
                o[i] = clamp(a[i], 10)
        """,
        lambda: [np.arange(16, dtype=np.float32), np.zeros(16, np.float32)],
    ),
    "int32 joined with an int literal after an if": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            y = int32(a[i])
            if i % 2 == 0:
                y = 7
            o[i] = y * 1000000000
        """,
        lambda: [np.arange(16, dtype=np.int64), np.zeros(16, np.int64)],
    ),
    "bool joined with int64 at a loop header": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            v = True
            for j in range(i % 3):
                v = 0
            o[i] = v + (v << 36)
        """,
        lambda: [np.arange(16, dtype=np.int64), np.zeros(16, np.int64)],
    ),
    "float32 joined with an int literal in one branch": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            v = float32(a[i])
            if i > 3:
                v = 31
            o[i] = v / 3
        """,
        lambda: [np.arange(16, dtype=np.float64) + 0.1, np.zeros(16, np.float64)],
    ),
    "bool in a loop joined with an array element": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            for j in range(3):
                v = True
                if j == i % 3:
                    v = a[i]
                o[i] += v
        """,
        lambda: [np.arange(16, dtype=np.float64) + 0.5, np.zeros(16, np.float64)],
    ),
    "variable re-assigned with another type later": (
        """
        @cuda.jit
        def kernel(a, o, p):
            i = cuda.grid(1)
            x = a[i]
            o[i] = x // 3
            x = 0.5
            p[i] = x
        """,
        lambda: [
            np.full(16, 1152921504606846977, dtype=np.int64) + np.arange(16),
            np.zeros(16, np.int64),
            np.zeros(16, np.float64),
        ],
    ),
    "loop-carried accumulator widened by the body": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            s = 0
            for j in range(i):
                s += a[j]
            o[i] = s
        """,
        lambda: [np.arange(16, dtype=np.float32) + 0.25, np.zeros(16, np.float64)],
    ),
    "types joined after break and by the loop condition": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            x = 1
            j = 0
            while j < 10:
                if j == i:
                    x = a[i] * 2.5
                    break
                x = x // 2 + j
                j += 1
            o[i] = x
        """,
        lambda: [np.arange(16, dtype=np.float32), np.zeros(16, np.float64)],
    ),
    "for/else, and a variable re-typed inside the loop": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            prev = 0
            for j in range(5):
                o[i] += prev
                prev = a[j] * 2
                if j == i:
                    break
            else:
                o[i] += 100
            o[i] += j + prev
        """,
        lambda: [np.arange(16, dtype=np.float32) + 0.5, np.zeros(16, np.float64)],
    ),
    "unary - and ~ on narrow integers": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            if i == 0:
                x = uint8(a[0] + 2)
                y = int8(a[0] - 128)
                z = uint32(a[0] + 5)
                o[0] = -x
                o[1] = ~x
                o[2] = -z
                o[3] = -y
                o[4] = ~int16(a[0] + 3)
                o[5] = -uint8(2)
                o[6] = ~uint8(2)
                o[7] = -int8(-128)
        """,
        lambda: [np.zeros(4, dtype=np.int64), np.zeros(8, np.int64)],
    ),
    "float floor division and modulo by zero": (
        """
        @cuda.jit
        def kernel(a, o, p):
            i = cuda.grid(1)
            if i < a.size:
                z = a[i] - a[i]
                o[i] = a[i] // z
                p[i] = a[i] % z
        """,
        lambda: [np.arange(8, dtype=np.float64) - 3, np.zeros(8, np.float64), np.zeros(8, np.float64)],
    ),
    "a constant condition's dead branch joins nothing": (
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            if i < a.size:
                x = 9007199254740993
                if 0 > 0:
                    x = 2.5
                o[i] = (x - 9007199254740992) + a[i] % (0 if 0 > 0 else float32(2.0))
        """,
        lambda: [np.arange(16, dtype=np.float32) * 0.3 - 2, np.zeros(16, np.float64)],
    ),
    "literal constants fold as CPython folds them": (
        """
        @cuda.jit
        def kernel(o, u):
            i = cuda.grid(1)
            if i == 0:
                o[0] = ~True
                o[1] = ~False
                o[2] = 2 ** -1
                o[3] = -True
                o[4] = 2**64 // 4
                o[5] = 2**63 - 1
                o[6] = -(2**63)
                u[0] = 2**64 - 1
        """,
        lambda: [np.zeros(8, np.float64), np.zeros(2, np.uint64)],
    ),
}


REFEREE = r'''
import importlib.util, json, os, re, sys
import numpy as np
job = json.load(open(sys.argv[1]))
out = {}

def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m

def as_njit(src):
    # The CUDA target's error model is NumPy's (x / 0.0 is inf, not an error).
    njit = '@numba.njit(error_model="numpy")'
    s = src.replace("@cuda.jit(device=True)", njit).replace("@cuda.jit", njit)
    s = s.replace("cuda.grid(1)", "_i").replace("def kernel(", "def kernel(_i, ")
    return "import numba\n" + s

for key, case in job.items():
    args = [np.load(p) for p in case["args"]]
    base = os.path.splitext(case["source"])[0]
    results = []
    if "sim" in case["referees"]:
        sim = [a.copy() for a in args]
        load(case["source"], "sim_" + key).kernel[1, case["threads"]](*sim)
        results.append(("sim", sim))
    if "njit" in case["referees"]:
        njit_path = base + "_njit.py"
        with open(njit_path, "w") as f:
            f.write(as_njit(open(case["source"]).read()))
        ref = [a.copy() for a in args]
        k = load(njit_path, "njit_" + key).kernel
        for i in range(case["threads"]):
            k(i, *ref)
        results.append(("njit", ref))
    for name, arrays in results:
        paths = []
        for n, a in enumerate(arrays):
            p = f"{base}_{name}_{n}.npy"
            np.save(p, a)
            paths.append(p)
        out.setdefault(key, {})[name] = paths
json.dump(out, open(sys.argv[2], "w"))
'''


def _referee(cases, tmp):
    """Runs every case on the simulator and njit; {key: {"sim": [arrays], "njit": [arrays]}}."""
    pytest.importorskip("numba")
    job_path, out_path, script = (os.path.join(tmp, n) for n in ("job.json", "out.json", "referee.py"))
    with open(script, "w") as f:
        f.write(REFEREE)
    with open(job_path, "w") as f:
        json.dump(cases, f)
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, script, job_path, out_path], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, f"the Numba referee failed:\n{proc.stderr[-4000:]}"
    with open(out_path) as f:
        paths = json.load(f)
    return {k: {r: [np.load(p) for p in ps] for r, ps in v.items()} for k, v in paths.items()}


def _kernelc(case, tmp, key):
    """The arrays after `kernelc run` of the case, or why it failed."""
    out_dir = os.path.join(tmp, f"out_{key}")
    cmd = [kernelc_binary(), "run", case["source"], "--kernel", "kernel", "--device", "cpu"]
    cmd += ["--grid", "1", "--block", str(case["threads"]), "--out", out_dir, *case["args"]]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return f"kernelc run failed:\n{' '.join(cmd)}\n{proc.stderr}"
    result = []
    for n, p in enumerate(case["args"]):
        written = os.path.join(out_dir, f"{n}.npy")
        result.append(np.load(written) if os.path.exists(written) else np.load(p))
    return result


def _write_case(tmp, key, source, args, threads, referees=("njit",)):
    path = os.path.join(tmp, f"{key}.py")
    with open(path, "w") as f:
        f.write(source)
    arg_paths = []
    for n, a in enumerate(args):
        p = os.path.join(tmp, f"{key}_arg{n}.npy")
        np.save(p, a)
        arg_paths.append(p)
    return {"source": path, "args": arg_paths, "threads": threads, "referees": list(referees)}


def _same(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b, equal_nan=True)


def test_device_function_returns_unify_as_in_numba():
    source, labels = return_unification_source()
    with tempfile.TemporaryDirectory() as tmp:
        x = np.arange(N, dtype=np.float64) % 4
        args = [x, np.zeros((len(labels), N), np.float64)]
        case = _write_case(tmp, "returns", source, args, N, referees=("sim",))
        refs = _referee({"returns": case}, tmp)["returns"]
        ours = _kernelc(case, tmp, "returns")
        assert not isinstance(ours, str), ours
        ours = ours[1]
        for referee in ("sim",):
            theirs = refs[referee][1]
            bad = [
                f"{labels[k]}: kernelc {ours[k].tolist()}, {referee} {theirs[k].tolist()}"
                for k in range(len(labels))
                if not np.array_equal(ours[k], theirs[k], equal_nan=True)
            ]
            assert not bad, f"{len(bad)} of {len(labels)} return pairs differ from Numba ({referee}):\n" + "\n".join(
                bad[:40]
            )


@pytest.fixture(scope="module")
def typing_results():
    with tempfile.TemporaryDirectory() as tmp:
        cases, keys = {}, {}
        for n, (title, (src, make_args)) in enumerate(TYPING_KERNELS.items()):
            key = f"k{n}"
            keys[title] = key
            cases[key] = _write_case(tmp, key, HEADER + textwrap.dedent(src), make_args(), 16)
        refs = _referee(cases, tmp)
        yield {title: (_kernelc(cases[key], tmp, key), refs[key]["njit"]) for title, key in keys.items()}


@pytest.mark.parametrize("title", list(TYPING_KERNELS))
def test_typing_matches_numba(title, typing_results):
    ours, theirs = typing_results[title]
    assert not isinstance(ours, str), ours
    for n, (a, b) in enumerate(zip(ours, theirs)):
        assert _same(a, b), f"argument {n}: kernelc {a.dtype} {a.tolist()}\n  Numba (njit) {b.dtype} {b.tolist()}"


def test_checked_integer_division_by_zero_is_reported():
    src = HEADER + textwrap.dedent(
        """
        @cuda.jit(debug=True)
        def kernel(a, o):
            i = cuda.grid(1)
            if i < a.size:
                o[i] = 10 // a[i]
        """
    )
    with tempfile.TemporaryDirectory() as tmp:
        case = _write_case(tmp, "dz", src, [np.array([1, 2, 0, 4], np.int64), np.zeros(4, np.int64)], 4)
        cmd = [kernelc_binary(), "run", case["source"], "--kernel", "kernel", "--grid", "1", "--block", "4"]
        proc = subprocess.run(cmd + case["args"], capture_output=True, text=True)
        assert proc.returncode == 1, proc.stderr
        assert "ZeroDivisionError" in proc.stdout + proc.stderr
        assert re.search(r"thread \(2,0,0\)", proc.stderr), proc.stderr


def test_host_only_constant_array():
    src = textwrap.dedent(
        """
        from numba import cuda
        from host_tables import WEIGHTS

        @cuda.jit
        def kernel(o):
            w = cuda.const.array_like(WEIGHTS)
            i = cuda.grid(1)
            if i < o.size:
                o[i] = w[i] * 2
        """
    )
    with tempfile.TemporaryDirectory() as tmp:
        case = _write_case(tmp, "hc", src, [np.zeros(4, np.float32)], 4)
        w = os.path.join(tmp, "w.npy")
        np.save(w, np.arange(4, dtype=np.float32))
        out = os.path.join(tmp, "out")
        cmd = [kernelc_binary(), "run", case["source"], "--kernel", "kernel", "--grid", "1", "--block", "4"]
        proc = subprocess.run(cmd + ["--const", f"WEIGHTS={w}", "--out", out, *case["args"]], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert np.load(os.path.join(out, "0.npy")).tolist() == [0, 2, 4, 6]


def test_check_option_reports_integer_division_by_zero():
    """`kernelc run --check` checks a kernel without `debug=True` as if it
    had `boundscheck=True`; without it, Numba's 0 is the result."""
    src = HEADER + textwrap.dedent(
        """
        @cuda.jit
        def kernel(a, o):
            i = cuda.grid(1)
            if i < a.size:
                o[i] = 10 % a[i]
        """
    )
    with tempfile.TemporaryDirectory() as tmp:
        case = _write_case(tmp, "dzc", src, [np.array([3, 0, 4, 7], np.int64), np.zeros(4, np.int64)], 4)
        cmd = [kernelc_binary(), "run", case["source"], "--kernel", "kernel", "--grid", "1", "--block", "4"]
        checked = subprocess.run(cmd + ["--check", *case["args"]], capture_output=True, text=True)
        assert checked.returncode == 1 and "ZeroDivisionError" in checked.stdout + checked.stderr, checked.stderr
        out = os.path.join(tmp, "out")
        plain = subprocess.run(cmd + ["--out", out, *case["args"]], capture_output=True, text=True)
        assert plain.returncode == 0, plain.stderr
        assert np.load(os.path.join(out, "1.npy")).tolist() == [1, 0, 2, 3]
