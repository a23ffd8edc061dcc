"""kernelc's whole-array reductions against real Numba CUDA, bit for bit.

The same program (np.sum, np.prod, np.mean, np.var, np.std, np.all, np.any,
np.count_nonzero, np.nansum, np.nanprod, np.nanmean and a.view(dtype), of
every element family, 1-D to 3-D, C, F and strided arrays, NaNs included)
is compiled by numba-cuda (NVVM) and run on kernelc's emulated driver, and
compiled by kernelc and run on its CPU device through the binding. np.min,
np.max, np.argmin, np.argmax and the nan-min/max need numba-cuda's NRT,
whose library the emulated driver cannot load: the binding's tests model
them instead (bindings/python/tests/test_array_reductions_kernels.py).

Every result agrees bit for bit, the multiply-adds NVVM fuses (`ssd + d *
d`, the complex products' imaginary parts) fused by kernelc too, except
np.std (within 2 ulp): numba-cuda's `var ** 0.5` is libdevice's `pow`,
where kernelc takes the correctly rounded square root.
"""

import numpy as np
import pytest

from test_cuda_bindings import emulated_driver, kernelc_library, run_on_emulated_driver, run_with_kernelc

NAMES = ["sum", "prod", "mean", "var", "std", "all", "any", "count_nonzero",
         "nansum", "nanprod", "nanmean"]

PROGRAM = '''
import sys
import numpy as np
IMPORT


@cuda.jit(device=True)
def body(a, out):
    out[0] = np.sum(a)
    out[1] = np.prod(a)
    out[2] = np.mean(a)
    out[3] = np.var(a)
    out[4] = np.std(a)
    out[5] = np.all(a)
    out[6] = np.any(a)
    out[7] = np.count_nonzero(a)
    out[8] = np.nansum(a)
    out[9] = np.nanprod(a)
    out[10] = np.nanmean(a)


@cuda.jit
def k(a, out):
    body(a, out)


@cuda.jit
def k_strided(big, out):
    body(big[::2], out)


@cuda.jit
def k_view(b, f, out32, out64):
    w = b.view(np.int32)
    for i in range(w.shape[0]):
        out32[i] = w[i]
    d = f.view(np.float64)
    out64[0] = np.sum(d)
    out64[1] = d.shape[1]


rng = np.random.default_rng(1)
results = {}
for dt in [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.uint64,
           np.float32, np.float64, np.complex64, np.complex128]:
    kind = np.dtype(dt).kind
    for shape in [(7,), (3, 5), (2, 3, 4)]:
        for layout in "CFA":
            if kind == "b":
                x = rng.random(shape) < 0.7
            elif kind in "iu":
                x = rng.integers(0 if kind == "u" else -9, 9, shape).astype(dt)
                if dt == np.uint64:
                    x.flat[0] = 2**64 - 5
            elif kind == "f":
                x = rng.uniform(-3, 3, shape).astype(dt)
                if layout == "A":
                    x.flat[1] = np.nan
            else:
                x = (rng.uniform(-3, 3, shape) + 1j * rng.uniform(-3, 3, shape)).astype(dt)
            out = np.zeros(11, np.complex128 if kind == "c" else np.float64)
            if layout == "F":
                if len(shape) == 1:
                    continue
                k[1, 1](np.asfortranarray(x), out)
            elif layout == "A":
                # The strided view is made in the kernel: numba-cuda cannot
                # copy every strided host array (1-byte elements).
                k_strided[1, 1](np.repeat(x, 2, axis=0), out)
            else:
                k[1, 1](x, out)
            results[f"{np.dtype(dt)}_{len(shape)}d_{layout}"] = out
b = np.arange(24, dtype=np.uint8) * 7
f = rng.uniform(-1, 1, (3, 4)).astype(np.float32)
out32, out64 = np.zeros(6, np.int32), np.zeros(2)
k_view[1, 1](b, f, out32, out64)
results["view32"] = out32
results["view64"] = out64
np.savez(sys.argv[1], **results)
'''


def ulps(a, b):
    """The distance in float64 units in the last place."""
    ia, ib = (np.array([v], np.float64).view(np.int64)[0] for v in (a, b))
    return abs(int(ia) - int(ib))


def test_reductions_match_numba_cuda(tmp_path):
    emulated_driver()
    pytest.importorskip("numba.cuda")
    kernelc_library()  # skips without it, before Numba runs
    numba_script = tmp_path / "numba_program.py"
    numba_script.write_text(PROGRAM.replace("IMPORT", "from numba import cuda"))
    proc = run_on_emulated_driver(tmp_path, [numba_script, tmp_path / "numba.npz"])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]

    kernelc_script = tmp_path / "kernelc_program.py"
    kernelc_script.write_text(PROGRAM.replace("IMPORT", "from kernelc import cuda"))
    run_with_kernelc(tmp_path, [kernelc_script, tmp_path / "kernelc.npz"], "cpu")

    numba, kernelc = np.load(tmp_path / "numba.npz"), np.load(tmp_path / "kernelc.npz")
    assert sorted(numba.files) == sorted(kernelc.files)
    for case in numba.files:
        want, got = numba[case], kernelc[case]
        if case.startswith("view"):
            assert np.array_equal(want.view(np.uint8), got.view(np.uint8)), (case, want, got)
            continue
        for i, name in enumerate(NAMES):
            for part in ("real", "imag"):
                w, g = getattr(want[i], part), getattr(got[i], part)
                if np.isnan(w) and np.isnan(g):
                    continue
                if name == "std":
                    assert ulps(w, g) <= 2, (case, name, w, g)
                else:
                    assert ulps(w, g) == 0, (case, name, w, g)
    # And what they compute, so that agreeing on a wrong answer fails: the
    # mean of integers is their sum over the size, a variance is not
    # negative, and the view is NumPy's.
    sizes = {"1d": 7, "2d": 15, "3d": 24}
    for case in numba.files:
        if case.startswith(("int", "uint", "bool")):
            total, mean, var = numba[case][0].real, numba[case][2].real, numba[case][3].real
            n = sizes[case.split("_")[1]]
            if not case.startswith("uint64"):
                assert abs(mean * n - total) <= 1e-9 * max(1.0, abs(total)), case
            assert var >= 0, case
    b = np.arange(24, dtype=np.uint8) * 7
    np.testing.assert_array_equal(numba["view32"], b.view(np.int32))
