"""kernelc's `cuda.libdevice` against real Numba CUDA, which calls NVIDIA's
libdevice itself.

Every function kernelc computes is called on a grid of special and random
arguments, in kernels grouped by signature, compiled by Numba (NVVM +
libdevice) and run on kernelc's emulated CUDA driver, and compiled by
kernelc and run on its CPU device. Integer results must be equal; float
results equal in their NaN, infinities and zeros (with sign), and finite
ones within a few ulps (kernelc's math library and libdevice differ in the
last bits; the approximate `fast_*` functions are compared loosely, as
kernelc computes them accurately).
"""

import math
import os
import subprocess
import sys
from collections import defaultdict

import numpy as np
import pytest

from test_cuda_bindings import emulated_driver, run_on_emulated_driver

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "compiler", "tests"))

N = 64
NP = {"float64": np.float64, "float32": np.float32, "int32": np.int32, "int64": np.int64,
      "int16": np.int16}


def functions():
    """(name, params, results) of every libdevice function kernelc computes:
    numba-cuda's table less the ones kernelc reports as unsupported."""
    from numba.cuda import libdevicefuncs

    unsupported = set(UNSUPPORTED)
    out = []
    for cname, (ret, args) in sorted(libdevicefuncs.functions.items()):
        name = cname[len("__nv_"):]
        if name in unsupported:
            continue
        params = [str(a.ty) for a in args if not a.is_ptr]
        results = ([] if str(ret) == "none" else [str(ret)]) + [str(a.ty) for a in args if a.is_ptr]
        out.append((name, params, results))
    return out


# Functions kernelc rejects with an error (the Bessel functions, which it has
# no implementation of yet).
UNSUPPORTED = [
    "j0", "j0f", "j1", "j1f", "jn", "jnf", "y0", "y0f", "y1", "y1f", "yn", "ynf",
]

# Approximations in libdevice (kernelc computes them accurately), and
# functions whose libdevice implementation kernelc composes differently:
# compared within this relative tolerance.
LOOSE = {"fast_cosf": 1e-5, "fast_exp10f": 2e-5, "fast_expf": 2e-5, "fast_fdividef": 1e-6,
         "fast_log10f": 1e-5, "fast_log2f": 1e-5, "fast_logf": 1e-5, "fast_powf": 5e-5,
         "fast_sincosf": 1e-5, "fast_sinf": 1e-5, "fast_tanf": 1e-5, "exp10": 1e-14,
         "rsqrt": 1e-15, "rsqrtf": 4e-7, "rcbrt": 1e-15, "rcbrtf": 4e-7, "frsqrt_rn": 4e-7,
         "normcdf": 1e-14, "normcdff": 2e-6, "sinpi": 1e-15, "sinpif": 4e-7, "cospi": 1e-15,
         "cospif": 4e-7, "sincospi": 1e-15, "sincospif": 4e-7,
         # libdevice's lgammaf is off by several ulps near negative
         # half-integers (lgammaf(-2.5): -0.056243777; the nearest float32
         # to the true -0.0562437165 is kernelc's -0.056243718).
         "lgammaf": 2e-6}
# Inputs for which the fast approximations are not accurate enough to compare.
FAST_RANGE = 50.0


def inputs(ty, k, rng):
    """Argument `k` of type `ty`: specials first, then random values."""
    if ty in ("float64", "float32"):
        specials = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 1e-3, 100.0, -7.25, math.inf, -math.inf,
                    math.nan, 1e-310 if ty == "float64" else 1e-40, 2.0 ** 60, -0.75]
        rand = rng.uniform(-10, 10, N - len(specials)) * 10.0 ** rng.integers(-3, 3, N - len(specials))
        v = np.array(specials + list(rand))
        v = np.roll(v, 3 * k)  # a different pairing per argument
        with np.errstate(over="ignore"):
            return v.astype(NP[ty])
    if ty == "int16":
        return rng.integers(-2 ** 15, 2 ** 15, N).astype(np.int16)
    info = np.iinfo(NP[ty])
    specials = [0, 1, -1, 2, 7, -8, 255, info.max, info.min, info.max - 1, 0x12345678 & info.max]
    rand = rng.integers(info.min, info.max, N - len(specials), dtype=NP[ty])
    return np.roll(np.array(specials + list(rand), NP[ty]), 5 * k)


def group_source(import_line):
    groups = defaultdict(list)
    for name, params, results in functions():
        groups[(tuple(params), tuple(results))].append(name)
    lines = [import_line, "from numba.cuda import libdevice", ""]
    kernels = []
    for g, ((params, results), names) in enumerate(sorted(groups.items())):
        ins = [f"a{k}" for k in range(len(params))]
        outs = [f"o{k}" for k in range(len(results))]
        sig = ", ".join([f"{p}[::1]" for p in params] + [f"{r}[:, ::1]" for r in results])
        lines += [f"@cuda.jit('void({sig})')", f"def k{g}({', '.join(ins + outs)}):",
                  "    i = cuda.grid(1)", f"    if i < {ins[0]}.size:"]
        call_args = ", ".join(f"{a}[i]" for a in ins)
        for j, name in enumerate(names):
            if len(results) == 1:
                lines.append(f"        o0[i, {j}] = libdevice.{name}({call_args})")
            else:
                targets = ", ".join(f"r{k}" for k in range(len(results)))
                lines.append(f"        {targets} = libdevice.{name}({call_args})")
                lines += [f"        o{k}[i, {j}] = r{k}" for k in range(len(results))]
        lines.append("")
        kernels.append((f"k{g}", params, results, names))
    return "\n".join(lines) + "\n", kernels


NUMBA_SCRIPT = """
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import numba_ld as m
spec = json.load(open(sys.argv[2]))
for kname, params, results, names in spec:
    args = [np.load(f"{sys.argv[1]}/{kname}_a{k}.npy") for k in range(len(params))]
    outs = [np.zeros((len(args[0]), len(names)), r) for r in results]
    with np.errstate(all="ignore"):
        getattr(m, kname)[1, 64](*args, *outs)
    for k, o in enumerate(outs):
        np.save(f"{sys.argv[1]}/{kname}_numba_o{k}.npy", o)
"""


def same_float(g, w, rtol):
    if math.isnan(w) or math.isnan(g):
        return math.isnan(w) and math.isnan(g)
    if math.isinf(w) or math.isinf(g) or w == 0 or g == 0:
        if g == w and math.copysign(1, g) == math.copysign(1, w):
            return True
        return abs(g - w) <= rtol * max(abs(g), abs(w)) and not (math.isinf(w) or math.isinf(g))
    return abs(g - w) <= rtol * max(abs(g), abs(w))


def test_libdevice_matches_numba_cuda(tmp_path):
    import json

    emulated_driver()
    kernelc = os.environ.get("KERNELC_BIN")
    if not kernelc:
        pytest.skip("KERNELC_BIN is not set (cargo build -p kernelc-cli)")
    pytest.importorskip("numba")
    src, kernels = group_source("from numba import cuda")
    (tmp_path / "numba_ld.py").write_text(src)
    (tmp_path / "kc_ld.py").write_text(src)
    rng = np.random.default_rng(11)
    for kname, params, results, names in kernels:
        for k, p in enumerate(params):
            np.save(tmp_path / f"{kname}_a{k}.npy", inputs(p, k, rng))
    (tmp_path / "spec.json").write_text(json.dumps(kernels))
    script = tmp_path / "run_numba.py"
    script.write_text(NUMBA_SCRIPT)
    proc = run_on_emulated_driver(tmp_path, [script, tmp_path, tmp_path / "spec.json"], timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]

    failures = []
    for kname, params, results, names in kernels:
        args = [str(tmp_path / f"{kname}_a{k}.npy") for k in range(len(params))]
        outs = []
        for k, r in enumerate(results):
            outs.append(str(tmp_path / f"{kname}_kc_o{k}.npy"))
            np.save(outs[-1], np.zeros((N, len(names)), NP[r]))
        run = subprocess.run(
            [kernelc, "run", str(tmp_path / "kc_ld.py"), "--kernel", kname, "--device", "cpu",
             "--grid", "1", "--block", "64", "--out", str(tmp_path / f"out_{kname}"), *args, *outs],
            capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, f"{kname} ({names}): {run.stderr[-3000:]}"
        ins = [np.load(a) for a in args]
        for k, r in enumerate(results):
            got = np.load(tmp_path / f"out_{kname}" / f"{len(params) + k}.npy")
            want = np.load(tmp_path / f"{kname}_numba_o{k}.npy")
            for j, name in enumerate(names):
                eps = np.finfo(NP[r]).eps if r.startswith("float") else 0
                rtol = LOOSE.get(name, 8 * eps)
                for i in range(N):
                    g, w = got[i, j], want[i, j]
                    if name.startswith("fast_") and any(
                            abs(float(a[i])) > FAST_RANGE or not math.isfinite(float(a[i]))
                            or abs(float(a[i])) < 1e-30 for a in ins):
                        continue
                    ok = same_float(float(g), float(w), rtol) if r.startswith("float") else g == w
                    if not ok:
                        shown = ", ".join(repr(a[i]) for a in ins)
                        failures.append(f"{name}({shown})[{k}]: kernelc {g!r}, libdevice {w!r}")
    assert not failures, f"{len(failures)} differences:\n" + "\n".join(failures[:60])


def test_unsupported_functions_are_reported_by_name(tmp_path):
    kernelc = os.environ.get("KERNELC_BIN")
    if not kernelc:
        pytest.skip("KERNELC_BIN is not set (cargo build -p kernelc-cli)")
    src = ("from numba import cuda\nfrom numba.cuda import libdevice\n"
           "@cuda.jit('void(float64[::1])')\ndef k(x):\n    x[0] = libdevice.j0(x[1]) + libdevice.y1(x[0])\n")
    (tmp_path / "k.py").write_text(src)
    run = subprocess.run([kernelc, "check", str(tmp_path / "k.py")], capture_output=True, text=True)
    assert run.returncode == 1
    assert "cuda.libdevice.j0 is not supported by kernelc yet (this special function)" in run.stderr
    assert "cuda.libdevice.y1 is not supported by kernelc yet (this special function)" in run.stderr
