"""Linking external code, kernelc against real Numba CUDA: one program
that declares device functions with `cuda.declare_device` and links their
PTX (`tests/link/functions.ptx`, written as nvcc compiles `functions.cu`)
with `link=`, run twice with only the import changed: by numba-cuda on
kernelc's emulated driver (its linker goes through the driver's
`cuLinkCreate`/`cuLinkAddData`/`cuLinkComplete`), and by kernelc's Python
binding on the CPU device. Every output must be equal bit for bit: the
declarations, both ABIs (Numba's result slot and status, C's return value),
the argument conversions and a status that ends the thread agree with
Numba's, and the same PTX file serves both."""

import os

import numpy as np
import pytest

from test_cuda_bindings import ROOT, emulated_driver, kernelc_library, run_on_emulated_driver, run_with_kernelc

FUNCTIONS = os.path.join(ROOT, "tests", "link", "functions.ptx")

PROGRAM = '''
import sys
import numpy as np
IMPORT

FUNCTIONS, OUT = sys.argv[1], sys.argv[2]

mul = cuda.declare_device("mul_f32", "float32(float32, float32)")
fma = cuda.declare_device("fma_f64", types.float64(types.float64, types.float64, types.float64))
scale = cuda.declare_device("scale_i16", "int32(int16, uint8)")
is_neg = cuda.declare_device("is_neg", "boolean(int64)")
cube = cuda.declare_device("cube_f32", "float32(float32)", abi="c")
check = cuda.declare_device("fail_if_neg", "float32(float32)", link=FUNCTIONS)


@cuda.jit(device=True)
def twice_product(x, y):
    return mul(x, y) * 2


@cuda.jit(link=[FUNCTIONS])
def everything(out, d, n, flags, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = twice_product(a[i], b[i]) + cube(a[i])
        d[i] = fma(a[i], b[i], 0.5)
        n[i] = scale(i - 3, 3)
        flags[i] = is_neg(i - 5)


@cuda.jit
def checked(a, b, d):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = check(a[i])
        d[i] = 1.0


n = 100
a = ((np.arange(n) - 10) * 0.75).astype(np.float32)
b = (1 + 0.125 * np.arange(n)).astype(np.float32)
out = np.zeros(n, np.float32)
d = np.zeros(n, np.float64)
ns = np.zeros(n, np.int32)
flags = np.ones(n, np.bool_)
everything[2, 64](out, d, ns, flags, a, b)
a2 = np.linspace(-3, 3, 64).astype(np.float32)
b2 = np.full(64, -7, np.float32)
d2 = np.zeros(64, np.float64)
checked[1, 64](a2, b2, d2)
np.savez(OUT, out=out, d=d, ns=ns, flags=flags, b2=b2, d2=d2)
'''


def test_linked_device_functions_match_numba_cuda_bit_for_bit(tmp_path):
    emulated_driver()
    pytest.importorskip("numba.cuda")
    kernelc_library()  # skips without it, before Numba runs
    numba_script = tmp_path / "numba_program.py"
    numba_script.write_text(PROGRAM.replace("IMPORT", "from numba import cuda, types"))
    proc = run_on_emulated_driver(tmp_path, [numba_script, FUNCTIONS, tmp_path / "numba.npz"])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]

    kernelc_script = tmp_path / "kernelc_program.py"
    kernelc_script.write_text(PROGRAM.replace("IMPORT", "from kernelc import cuda, types"))
    run_with_kernelc(tmp_path, [kernelc_script, FUNCTIONS, tmp_path / "kernelc.npz"], "cpu")

    numba, kernelc = np.load(tmp_path / "numba.npz"), np.load(tmp_path / "kernelc.npz")
    assert sorted(numba.files) == sorted(kernelc.files)
    for name in numba.files:
        want, got = numba[name], kernelc[name]
        assert want.dtype == got.dtype, name
        assert np.array_equal(want.view(np.uint8), got.view(np.uint8)), (name, want, got)
    # And what the functions compute, so that agreeing on a wrong answer fails.
    a = ((np.arange(100) - 10) * 0.75).astype(np.float32)
    np.testing.assert_array_equal(numba["flags"], np.arange(100) < 5)
    a2 = np.linspace(-3, 3, 64).astype(np.float32)
    np.testing.assert_array_equal(numba["b2"], np.where(a2 < 0, np.float32(-7), a2))
    np.testing.assert_array_equal(numba["d2"], np.where(a2 < 0, 0.0, 1.0))
    assert numba["out"][0] == (a[0] * np.float32(1)) * np.float32(2) + a[0] * a[0] * a[0]
