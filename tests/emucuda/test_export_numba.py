"""Exported device functions (`cuda.compile_ptx(..., device=True)`),
kernelc against real Numba CUDA, both ways:

- kernelc exports device functions, in Numba's ABI and in C's, and real
  numba-cuda (NVVM, on kernelc's emulated driver) declares them with
  `cuda.declare_device` and links the PTX into its kernels;
- numba-cuda exports a device function (`abi="c"`) and kernelc links it.

The same program, with only the import changed, runs on numba-cuda and on
kernelc (CPU device, and its GPU path on the emulated driver), and every
result must equal the Python reference of the functions."""

import numpy as np
import pytest

from test_cuda_bindings import emulated_driver, run_on_emulated_driver, run_with_kernelc

FUNCTIONS = '''
import math


def mandel(tid, min_x, max_x, min_y, max_y, width, height, iters):
    pixel_size_x = (max_x - min_x) / width
    pixel_size_y = (max_y - min_y) / height
    x = tid % width
    y = tid / width
    real = min_x + x * pixel_size_x
    imag = min_y + y * pixel_size_y
    c = complex(real, imag)
    z = 0.0j
    for i in range(iters):
        z = z * z + c
        if (z.real * z.real + z.imag * z.imag) >= 4:
            return i
    return iters


def mix(flag, x, n, h):
    # bool, float32, int8, int16 arguments; a float32 result.
    if flag:
        return math.sqrt(x) + n
    return x * 2 - h


def below(a, b):
    return a < b
'''

# Exports the functions with kernelc (or with Numba: IMPORT), to PTX files.
EXPORT = '''
import sys
IMPORT
from functions import mandel, mix, below

OUT = sys.argv[1]
MANDEL = (uint32, float64, float64, float64, float64, uint32, uint32, uint32)
for name, fn, sig, abi in (("mandel", mandel, MANDEL, "numba"),
                           ("mix", mix, float32(boolean, float32, int8, int16), "c"),
                           ("below", below, (float64, float64), "numba")):
    ptx, resty = compile_ptx(fn, sig, device=True, abi=abi,
                             abi_info={"abi_name": name} if abi == "c" else None)
    with open(f"{OUT}/{name}.ptx", "w") as f:
        f.write(ptx)
    print(name, resty)
'''

# Calls the exported functions from kernels (kernelc's exports: every name).
USE = '''
import sys
import numpy as np
IMPORT

PTX, OUT = sys.argv[1], sys.argv[2]
link = [f"{PTX}/{n}.ptx" for n in ("mandel", "mix", "below")]
mandel = cuda.declare_device("mandel", "uint64(uint32, float64, float64, float64, float64, uint32, uint32, uint32)")
mix = cuda.declare_device("mix", "float32(boolean, float32, int8, int16)", abi="c")
below = cuda.declare_device("below", "boolean(float64, float64)")


@cuda.jit(link=link)
def use(m, x, b):
    i = cuda.grid(1)
    if i < m.size:
        m[i] = mandel(i, -2.0, 1.0, -1.0, 1.0, 8, 4, 50)
        x[i] = mix(i % 3 == 0, np.float32(i) * np.float32(0.5), np.int8(i - 20), np.int16(7 * i))
        b[i] = below(i * 0.25, 3.0)


m = np.zeros(40, np.int64)
x = np.zeros(40, np.float32)
b = np.zeros(40, np.bool_)
use[1, 64](m, x, b)
np.savez(OUT, m=m, x=x, b=b)
'''

# Numba's export, linked by kernelc.
FROM_NUMBA = '''
import sys
import numpy as np
from kernelc import cuda

PTX, OUT = sys.argv[1], sys.argv[2]
mix = cuda.declare_device("mix", "float32(boolean, float32, int8, int16)", abi="c",
                          link=[f"{PTX}/mix.ptx"])


@cuda.jit
def use(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = mix(i % 3 == 0, np.float32(i) * np.float32(0.5), np.int8(i - 20), np.int16(7 * i))


x = np.zeros(40, np.float32)
use[1, 64](x)
np.savez(OUT, x=x)
'''

KERNELC_IMPORT = ("from kernelc import cuda\nfrom kernelc.cuda import compile_ptx\n"
                  "from kernelc.types import uint32, float32, float64, boolean, int8, int16")
NUMBA_IMPORT = ("from numba import cuda\nfrom numba.cuda import compile_ptx\n"
                "from numba.types import uint32, float32, float64, boolean, int8, int16")


def reference():
    ns = {}
    exec(FUNCTIONS, ns)
    i = np.arange(40)
    m = np.array([ns["mandel"](k, -2.0, 1.0, -1.0, 1.0, 8, 4, 50) for k in i])
    # mix as Numba types it: sqrt of a float32 in float32, float32 with
    # int8 float32, float32 with int16 float32 (NumPy's promotions).
    x = np.array([np.sqrt(np.float32(k) * np.float32(0.5)) + np.int8(k - 20) if k % 3 == 0
                  else np.float32(k) * np.float32(0.5) * np.float32(2) - np.int16(7 * k)
                  for k in i], dtype=np.float32)
    b = i * 0.25 < 3.0
    return m, x, b


def run_kernelc(tmp_path, script, args, device):
    return run_with_kernelc(tmp_path, [script, *args], device)


def test_exported_device_functions_link_both_ways_with_numba_cuda(tmp_path):
    emulated_driver()
    pytest.importorskip("numba.cuda")
    (tmp_path / "functions.py").write_text(FUNCTIONS)
    want_m, want_x, want_b = reference()

    # kernelc exports; kernelc and numba-cuda link.
    kc_ptx = tmp_path / "kc_ptx"
    kc_ptx.mkdir()
    export = tmp_path / "export_kernelc.py"
    export.write_text(EXPORT.replace("IMPORT", KERNELC_IMPORT))
    proc = run_kernelc(tmp_path, export, [kc_ptx], "cpu")
    # `range(uint32)` counts in uint64 in Numba, so `mandel` returns uint64
    # (numba-cuda's compile_ptx gives the same).
    assert proc.stdout.split() == ["mandel", "uint64", "mix", "float32", "below", "bool"]
    for name in ("mandel", "mix", "below"):
        text = (kc_ptx / f"{name}.ptx").read_text()
        assert f".visible .func (.param .b32 func_retval0) {name}(" in text

    use_numba = tmp_path / "use_numba.py"
    use_numba.write_text(USE.replace("IMPORT", "from numba import cuda"))
    proc = run_on_emulated_driver(tmp_path, [use_numba, kc_ptx, tmp_path / "numba.npz"])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    results = {"numba": np.load(tmp_path / "numba.npz")}
    use_kernelc = tmp_path / "use_kernelc.py"
    use_kernelc.write_text(USE.replace("IMPORT", "from kernelc import cuda"))
    for device in ("cpu", "gpu"):
        out = tmp_path / f"kernelc_{device}.npz"
        run_kernelc(tmp_path, use_kernelc, [kc_ptx, out], device)
        results[device] = np.load(out)
    for who, got in results.items():
        np.testing.assert_array_equal(got["m"], want_m, err_msg=who)
        np.testing.assert_array_equal(got["x"], want_x, err_msg=who)
        np.testing.assert_array_equal(got["b"], want_b, err_msg=who)

    # numba-cuda exports (NVVM's PTX, C's ABI); kernelc links.
    nb_ptx = tmp_path / "nb_ptx"
    nb_ptx.mkdir()
    export_numba = tmp_path / "export_numba.py"
    export_numba.write_text(EXPORT.replace("IMPORT", NUMBA_IMPORT))
    proc = run_on_emulated_driver(tmp_path, [export_numba, nb_ptx])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    from_numba = tmp_path / "from_numba.py"
    from_numba.write_text(FROM_NUMBA)
    for device in ("cpu", "gpu"):
        out = tmp_path / f"from_numba_{device}.npz"
        run_kernelc(tmp_path, from_numba, [nb_ptx, out], device)
        np.testing.assert_array_equal(np.load(out)["x"], want_x, err_msg=device)


# Complex numbers across the boundary: kernelc exports `half` for complex128
# in C's ABI and complex64 in Numba's; numba-cuda declares and calls them.
COMPLEX_EXPORT = '''
import sys
from kernelc import cuda
from kernelc.types import complex64, complex128


def half(x):
    return x / 2


for name, sig, abi in (("half_c", complex128(complex128), "c"),
                       ("half_numba", complex64(complex64), "numba")):
    ptx, resty = cuda.compile_ptx(half, sig, device=True, abi=abi,
                                  abi_info={"abi_name": name})
    with open(f"{sys.argv[1]}/{name}.ptx", "w") as f:
        f.write(ptx)
    print(name, resty)
'''

COMPLEX_USE = '''
import sys
import numpy as np
from numba import cuda

PTX, OUT = sys.argv[1], sys.argv[2]
half_c = cuda.declare_device("half_c", "complex128(complex128)", abi="c")
half_numba = cuda.declare_device("half_numba", "complex64(complex64)")


@cuda.jit(link=[f"{PTX}/half_c.ptx", f"{PTX}/half_numba.ptx"])
def use(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = half_c(a[i])
        b[i] = half_numba(b[i])


k = np.arange(40)
a = (k + 1j * (3 - k)).astype(np.complex128)
b = (0.5 * k - 2j * k).astype(np.complex64)
use[1, 64](a, b)
np.savez(OUT, a=a, b=b)
'''


def test_exported_complex_functions_link_into_numba_cuda(tmp_path):
    emulated_driver()
    pytest.importorskip("numba.cuda")
    ptx = tmp_path / "ptx"
    ptx.mkdir()
    export = tmp_path / "export_complex.py"
    export.write_text(COMPLEX_EXPORT)
    proc = run_kernelc(tmp_path, export, [ptx], "cpu")
    assert proc.stdout.split() == ["half_c", "complex128", "half_numba", "complex64"]
    text = (ptx / "half_c.ptx").read_text()
    # NVVM's C ABI: the parts as two parameters, an aggregate result.
    assert ".visible .func (.param .align 8 .b8 func_retval0[16]) half_c(" in text
    use = tmp_path / "use_complex.py"
    use.write_text(COMPLEX_USE)
    out = tmp_path / "complex.npz"
    proc = run_on_emulated_driver(tmp_path, [use, ptx, out])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    got = np.load(out)
    k = np.arange(40)
    np.testing.assert_array_equal(got["a"], (k + 1j * (3 - k)).astype(np.complex128) / 2)
    np.testing.assert_array_equal(got["b"], (0.5 * k - 2j * k).astype(np.complex64) / np.float32(2))
