"""kernelc's `cmath` against real Numba CUDA, special values included.

The same kernels (every `cmath` function numba-cuda has, on complex128 and
complex64) are compiled by Numba (NVVM, libdevice) and run on kernelc's
emulated CUDA driver, and compiled by kernelc and run on its CPU device
(`kernelc run`), over a grid of special values (signed zeros, infinities,
NaN, subnormals, huge values) and random points. Every NaN and infinity must
match (part by part, with its sign) and finite parts agree within a few ulps
(the two math libraries differ in the last bits).

One difference is expected and excluded: cos and cosh of a value whose two
parts are infinite. Numba's implementation returns `copysign(inf, cos(y))`
and `copysign(inf, sin(y))` for an infinite y, so the signs follow the sign
of the NaN that `sin(inf)`/`cos(inf)` return, which neither C nor CUDA
specifies (see tests/numba/KNOWN_DIFFERENCES.md).
"""

import math
import os
import subprocess

import numpy as np
import pytest

from test_cuda_bindings import emulated_driver, run_on_emulated_driver

FUNCS = ["sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
         "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]
TYPES = {"complex128": 1e-12, "complex64": 4e-6}


def kernel_source(import_line):
    lines = ["import cmath", import_line, ""]
    for ty in TYPES:
        lines += [f"@cuda.jit('void({ty}[::1], complex128[:, ::1], boolean[:, ::1], float64[:, ::1])')",
                  f"def k_{ty}(z, out, flags, reals):",
                  "    i = cuda.grid(1)",
                  "    if i < z.size:"]
        lines += [f"        out[i, {j}] = cmath.{f}(z[i])" for j, f in enumerate(FUNCS)]
        lines += ["        flags[i, 0] = cmath.isnan(z[i])",
                  "        flags[i, 1] = cmath.isinf(z[i])",
                  "        flags[i, 2] = cmath.isfinite(z[i])",
                  "        r, phi = cmath.polar(z[i])",
                  "        reals[i, 0] = r",
                  "        reals[i, 1] = phi",
                  "        reals[i, 2] = cmath.phase(z[i])",
                  ""]
    return "\n".join(lines) + "\n"


def inputs():
    vals = [0.0, -0.0, 1.0, -1.0, 2.0, math.inf, -math.inf, math.nan, 1e-310, 1e300, -3.5]
    grid = [complex(a, b) for a in vals for b in vals]
    rng = np.random.default_rng(7)
    rand = rng.uniform(-4, 4, 32) + 1j * rng.uniform(-4, 4, 32)
    return np.array(grid + list(rand), np.complex128)


NUMBA_SCRIPT = """
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import numba_kernels as m
z = np.load(sys.argv[2])
for ty in ("complex128", "complex64"):
    zz = z.astype(ty)
    outs = [np.zeros((len(z), %d), np.complex128), np.zeros((len(z), 3), np.bool_),
            np.zeros((len(z), 3))]
    getattr(m, "k_" + ty)[(len(z) + 63) // 64, 64](zz, *outs)
    for k, o in enumerate(outs):
        np.save(f"{sys.argv[1]}/numba_{ty}_{k}.npy", o)
""" % len(FUNCS)


def same(got, want, rtol, scale):
    """Part by part: NaN for NaN, infinities and zeros with their signs,
    finite values within rtol of the value's magnitude."""
    if math.isnan(want) or math.isnan(got):
        return math.isnan(want) and math.isnan(got)
    if math.isinf(want) or math.isinf(got) or want == 0 or got == 0:
        if got == want and math.copysign(1, got) == math.copysign(1, want):
            return True
    return abs(got - want) <= rtol * scale


def test_cmath_matches_numba_cuda(tmp_path):
    emulated_driver()
    kernelc = os.environ.get("KERNELC_BIN")
    if not kernelc:
        pytest.skip("KERNELC_BIN is not set (cargo build -p kernelc-cli)")
    pytest.importorskip("numba")
    (tmp_path / "numba_kernels.py").write_text(kernel_source("from numba import cuda"))
    (tmp_path / "kc_kernels.py").write_text(kernel_source("from numba import cuda"))
    z = inputs()
    np.save(tmp_path / "z.npy", z)
    script = tmp_path / "run_numba.py"
    script.write_text(NUMBA_SCRIPT)
    proc = run_on_emulated_driver(tmp_path, [script, tmp_path, tmp_path / "z.npy"])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]

    failures = []
    for ty, rtol in TYPES.items():
        with np.errstate(over="ignore"):
            zz = z.astype(ty)
        np.save(tmp_path / f"z_{ty}.npy", zz)
        outs = [np.zeros((len(z), len(FUNCS)), np.complex128), np.zeros((len(z), 3), np.bool_),
                np.zeros((len(z), 3))]
        paths = []
        for k, o in enumerate(outs):
            paths.append(str(tmp_path / f"kc_{ty}_{k}.npy"))
            np.save(paths[-1], o)
        result = tmp_path / f"out_{ty}"
        run = subprocess.run(
            [kernelc, "run", str(tmp_path / "kc_kernels.py"), "--kernel", f"k_{ty}",
             "--device", "cpu", "--grid", str((len(z) + 63) // 64), "--block", "64",
             "--out", str(result), str(tmp_path / f"z_{ty}.npy"), *paths],
            capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr[-3000:]
        got = [np.load(result / f"{k + 1}.npy") for k in range(3)]
        want = [np.load(tmp_path / f"numba_{ty}_{k}.npy") for k in range(3)]
        assert np.array_equal(got[1], want[1]), f"{ty}: isnan/isinf/isfinite differ"
        for j in range(3):
            for i, v in enumerate(zz):
                g, w = got[2][i, j], want[2][i, j]
                if not same(g, w, rtol, abs(w) if math.isfinite(w) else 0):
                    failures.append(f"{ty} polar/phase[{j}]({v}): kernelc {g!r}, Numba {w!r}")
        for j, f in enumerate(FUNCS):
            for i, v in enumerate(zz):
                g, w = got[0][i, j], want[0][i, j]
                if f in ("cos", "cosh") and math.isinf(v.real) and math.isinf(v.imag):
                    continue
                finite = [abs(p) for p in (w.real, w.imag) if math.isfinite(p)]
                scale = max(finite) if finite else 0.0
                if not (same(g.real, w.real, rtol, scale) and same(g.imag, w.imag, rtol, scale)):
                    failures.append(f"{ty} cmath.{f}({v}): kernelc {g!r}, Numba {w!r}")
    assert not failures, f"{len(failures)} differences:\n" + "\n".join(failures[:40])


POWER_KERNEL = """
from numba import cuda


@cuda.jit('void(complex128[::1], complex128[::1], complex128[::1], complex64[::1], complex64[::1], complex64[::1], complex128[::1])')
def power(a, b, out, a32, b32, out32, square):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] ** b[i]
        out32[i] = a32[i] ** b32[i]
        square[i] = a32[i] ** 2
"""

POWER_SCRIPT = """
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import power_kernel as m
args = [np.load(f"{sys.argv[1]}/p{k}.npy") for k in range(7)]
m.power[(len(args[0]) + 63) // 64, 64](*args)
for k in (2, 5, 6):
    np.save(f"{sys.argv[1]}/numba_p{k}.npy", args[k])
"""


def test_complex_power_matches_numba_cuda(tmp_path):
    """`a ** b` of complex numbers: numba-cuda's own translation of
    CPython's `_Py_c_pow`, in each type, over special and random bases and
    exponents."""
    emulated_driver()
    kernelc = os.environ.get("KERNELC_BIN")
    if not kernelc:
        pytest.skip("KERNELC_BIN is not set (cargo build -p kernelc-cli)")
    pytest.importorskip("numba")
    vals = [0.0, -0.0, 1.0, -1.0, 2.5, math.inf, -math.inf, math.nan, 0.5]
    pairs = [complex(x, y) for x in vals for y in vals]
    a = np.array([p for p in pairs for _ in pairs[::9]], np.complex128)
    b = np.array([q for _ in pairs for q in pairs[::9]], np.complex128)
    rng = np.random.default_rng(3)
    a = np.concatenate([a, rng.uniform(-3, 3, 64) + 1j * rng.uniform(-3, 3, 64)])
    b = np.concatenate([b, rng.uniform(-3, 3, 64) + 1j * rng.uniform(-3, 3, 64)])
    n = len(a)
    with np.errstate(over="ignore"):
        args = [a, b, np.zeros(n, np.complex128), a.astype(np.complex64), b.astype(np.complex64),
                np.zeros(n, np.complex64), np.zeros(n, np.complex128)]
    paths = []
    for k, x in enumerate(args):
        paths.append(str(tmp_path / f"p{k}.npy"))
        np.save(paths[-1], x)
    (tmp_path / "power_kernel.py").write_text(POWER_KERNEL)
    script = tmp_path / "run_numba.py"
    script.write_text(POWER_SCRIPT)
    proc = run_on_emulated_driver(tmp_path, [script, tmp_path])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    run = subprocess.run(
        [kernelc, "run", str(tmp_path / "power_kernel.py"), "--device", "cpu",
         "--grid", str((n + 63) // 64), "--block", "64", "--out", str(tmp_path / "out"), *paths],
        capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    failures = []
    for k, rtol in ((2, 1e-12), (5, 4e-6), (6, 1e-12)):
        got = np.load(tmp_path / "out" / f"{k}.npy")
        want = np.load(tmp_path / f"numba_p{k}.npy")
        for i in range(n):
            g, w = got[i], want[i]
            finite = [abs(p) for p in (w.real, w.imag) if math.isfinite(p)]
            scale = max(finite) if finite else 0.0
            if not (same(g.real, w.real, rtol, scale) and same(g.imag, w.imag, rtol, scale)):
                failures.append(f"arg {k}: ({args[0][i]})**({args[1][i]}): kernelc {g!r}, Numba {w!r}")
    assert not failures, f"{len(failures)} differences:\n" + "\n".join(failures[:40])
