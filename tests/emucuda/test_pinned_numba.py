"""Host memory the program pins, kernelc's emulated driver under real Numba
CUDA: `cuda.pinned(a, b)` registers the arrays' memory
(`cuMemHostRegister`, and `cuMemHostUnregister` when the block ends), and
copies and a kernel in the block work on them; registering memory twice
and unregistering what was never registered fail with the driver's codes.
The same program runs through kernelc's binding with only the import
changed; the outputs must be equal."""

import numpy as np
import pytest

from test_cuda_bindings import emulated_driver, kernelc_library, run_on_emulated_driver, run_with_kernelc

PROGRAM = '''
import sys
import numpy as np
IMPORT

OUT = sys.argv[1]


@cuda.jit
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= k


a = np.arange(64, dtype=np.float64)
b = np.ones(32, dtype=np.int32)
with cuda.pinned(a, b):
    d = cuda.to_device(a)
    scale[2, 32](d, 3.0)
    d.copy_to_host(a)
    e = cuda.to_device(b)
    b[:] = e.copy_to_host() * 5
# Pinned again after the block: the first registration was released.
with cuda.pinned(a):
    a += 1
np.savez(OUT, a=a, b=b)
'''

DRIVER_CHECKS = '''
import ctypes, sys
import numpy as np
from cuda.bindings import driver as cu
err, = cu.cuInit(0)
err, dev = cu.cuDeviceGet(0)
err, ctx = cu.cuCtxCreate(0, dev)
a = np.zeros(1024, np.uint8)
p = a.ctypes.data
codes = [cu.cuMemHostRegister(p, 512, 0)[0], cu.cuMemHostRegister(p + 256, 64, 0)[0],
         cu.cuMemHostRegister(p + 512, 512, 1)[0], cu.cuMemHostUnregister(p + 8)[0],
         cu.cuMemHostRegister(p, 16, 2)[0], cu.cuMemHostUnregister(p)[0],
         cu.cuMemHostUnregister(p + 512)[0], cu.cuMemHostUnregister(p)[0]]
print(" ".join(str(int(c)) for c in codes))
'''


def test_pinned_host_memory_matches_numba_cuda(tmp_path):
    emulated_driver()
    pytest.importorskip("numba.cuda")
    kernelc_library()  # skips without it, before Numba runs
    numba_script = tmp_path / "numba_program.py"
    numba_script.write_text(PROGRAM.replace("IMPORT", "from numba import cuda"))
    proc = run_on_emulated_driver(tmp_path, [numba_script, tmp_path / "numba.npz"])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    numba = np.load(tmp_path / "numba.npz")
    np.testing.assert_array_equal(numba["a"], np.arange(64) * 3.0 + 1)
    np.testing.assert_array_equal(numba["b"], np.full(32, 5))

    kernelc_script = tmp_path / "kernelc_program.py"
    kernelc_script.write_text(PROGRAM.replace("IMPORT", "from kernelc import cuda"))
    for device in ("cpu", "gpu"):
        out = tmp_path / f"kernelc_{device}.npz"
        run_with_kernelc(tmp_path, [kernelc_script, out], device)
        kernelc = np.load(out)
        for name in numba.files:
            np.testing.assert_array_equal(kernelc[name], numba[name], err_msg=f"{device} {name}")


def test_host_registration_errors_are_the_drivers(tmp_path):
    emulated_driver()
    pytest.importorskip("cuda.bindings")
    script = tmp_path / "register.py"
    script.write_text(DRIVER_CHECKS)
    proc = run_on_emulated_driver(tmp_path, [script])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    # success, overlap (712), success (PORTABLE), not registered (713),
    # DEVICEMAP not supported (801), success, success, not registered (713)
    assert proc.stdout.split() == ["0", "712", "0", "713", "801", "0", "0", "713"]
