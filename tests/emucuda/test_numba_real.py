"""Real Numba CUDA, unchanged, on kernelc's emulated CUDA driver: every
CPU-device run case compiled by Numba (NVVM and libdevice from PyPI) and run
by `libkernelc_emucuda.so`, loaded as Numba's driver (NUMBA_CUDA_DRIVER) and
as cuda-bindings' `libcuda.so.1` (LD_LIBRARY_PATH at a folder holding a link
to it). `numba_corpus.py` runs the cases and checks them against their NumPy
references; the test fails when fewer pass than `NUMBA_PASSING`.

The 43 cases that do not pass (2026-11-29; the run cases are checked
against their -O2 references, where multiply-adds round once as NVVM fuses
them, so saxpy, the matmuls, the lerps, Mandelbrot and n-body now agree):
- 3 float results: `float_divmod` (NVVM's `x - trunc(x/y)*y`, F9 in
  tests/differential/FINDINGS.md), `125_f32_polar` (3 of 200 elements, a
  last-bit difference of float32 math against the exact reference) and
  `116_complex::parts` (numba-cuda gives 7 for `(7).imag`, see
  tests/numba/KNOWN_DIFFERENCES.md);
- 23 that need what the emulated driver does not do for Numba (linking
  the float16, bfloat16 and math helpers numba-cuda links as separate
  modules, cooperative launches of its own): CUDA_ERROR_NOT_SUPPORTED;
- 17 kernels Numba itself rejects or cannot lower outside its simulator
  (recursion, captured device arrays, NRT reductions, bool predicates,
  packed records, `np.sqrt` as a ufunc).
Also not run by real Numba (added after): the 6 run cases of
160_array_reductions, 161_array_reductions_nan and 162_array_methods, whose
np.min/np.max/np.argmin/np.nanmin numba-cuda compiles only with its NRT,
whose library the emulated driver does not load
(`test_reductions_numba.py` compares the other reductions bit for bit).
Kernel `printf` output is read where a driver writes it, file descriptor 1.
"""

import json
import os
import subprocess
import sys

from test_cuda_bindings import emulated_driver

HERE = os.path.dirname(os.path.abspath(__file__))

# Cases that passed when this was written; raise it when more pass.
NUMBA_PASSING = 313


def test_numba_cuda_runs_the_corpus_on_the_emulated_driver(tmp_path):
    lib = emulated_driver()
    libdir = tmp_path / "lib"
    libdir.mkdir()
    os.symlink(lib, libdir / "libcuda.so.1")
    env = dict(os.environ, NUMBA_CUDA_DRIVER=lib, LD_LIBRARY_PATH=str(libdir))
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    proc = subprocess.run(
        [sys.executable, os.path.join(HERE, "numba_corpus.py")],
        env=env, capture_output=True, text=True, timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    report = "\n".join(f"{k}: {v}" for k, v in sorted(summary["failed"].items()))
    print(f"real Numba CUDA on the emulated driver: {summary['passed']} cases passed, "
          f"{len(summary['failed'])} did not:\n{report}")
    assert summary["passed"] >= NUMBA_PASSING, report
