"""Mapped and managed arrays, kernelc against real Numba CUDA: one program
using `cuda.mapped_array` and `cuda.managed_array` (kernels update them in
place; the host reads them with no copy; their
`__cuda_array_interface__`), run with only the import changed by numba-cuda on kernelc's
emulated driver (`cuMemHostAlloc(DEVICEMAP)`, `cuMemHostGetDevicePointer`,
`cuMemAllocManaged`) and by kernelc's Python binding, on the CPU device and
on its GPU path over the same emulated driver. The outputs must be equal."""

import numpy as np
import pytest

from test_cuda_bindings import emulated_driver, kernelc_library, run_on_emulated_driver, run_with_kernelc

PROGRAM = '''
import sys
import numpy as np
IMPORT

OUT = sys.argv[1]


@cuda.jit
def step(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = a[i] * 2 + b[i]
        a[i] = a[i] - 1


results = {}
for name, make in (("mapped", cuda.mapped_array), ("managed", cuda.managed_array)):
    a = make(40, dtype=np.float32)
    b = make(40, dtype=np.float32)
    a[:] = np.arange(40) * 0.5
    b[:] = 1
    step[1, 64](a, b)
    cuda.synchronize()
    step[1, 64](b, a)
    cuda.synchronize()
    # (numba-cuda's views of these arrays are not device arrays: no
    # launches with them, no __cuda_array_interface__; kernelc's are.)
    cai = b.__cuda_array_interface__
    results[name + "_a"] = np.array(a)
    results[name + "_b"] = np.array(b)
    results[name + "_cai"] = np.array([cai["shape"][0], cai["strides"] is None,
                                       cai["stream"] is None, cai["data"][0] != 0])
np.savez(OUT, **results)
'''


def test_mapped_and_managed_arrays_match_numba_cuda(tmp_path):
    emulated_driver()
    pytest.importorskip("numba.cuda")
    kernelc_library()  # skips without it, before Numba runs
    numba_script = tmp_path / "numba_program.py"
    numba_script.write_text(PROGRAM.replace("IMPORT", "from numba import cuda"))
    proc = run_on_emulated_driver(tmp_path, [numba_script, tmp_path / "numba.npz"])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    numba = np.load(tmp_path / "numba.npz")
    a = np.arange(40, dtype=np.float32) * 0.5
    np.testing.assert_array_equal(numba["mapped_b"], 2 * a + 1 - 1)
    np.testing.assert_array_equal(numba["mapped_a"], a - 1 + (2 * a + 1) * 2)

    kernelc_script = tmp_path / "kernelc_program.py"
    kernelc_script.write_text(PROGRAM.replace("IMPORT", "from kernelc import cuda"))
    for device in ("cpu", "gpu"):
        out = tmp_path / f"kernelc_{device}.npz"
        run_with_kernelc(tmp_path, [kernelc_script, out], device)
        kernelc = np.load(out)
        assert sorted(numba.files) == sorted(kernelc.files)
        for name in numba.files:
            np.testing.assert_array_equal(kernelc[name], numba[name], err_msg=f"{device} {name}")
