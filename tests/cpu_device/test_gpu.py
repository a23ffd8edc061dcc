"""Every run case through kernelc's GPU path, compared with the CPU device:
bit for bit where the case's math is exact (no tolerance), within the case's
tolerance otherwise, and both against the NumPy reference. On a GPU, or on
the emulated driver (`KERNELC_CUDA_DRIVER=target/debug/libkernelc_emucuda.so`,
as CI runs it).

Skipped with one line where no GPU is usable (`kernelc devices` says why),
unless `KERNELC_REQUIRE_GPU=1`, which makes that an error.
"""

import os
import subprocess

import numpy as np
import pytest

import harness

CASES = [c for c in harness.load_cases() if c.expect_error is None]
# Cases where a debug=True kernel raises: the same launch error on a GPU
# (recorded in the module, not a trap).
RAISING = [c for c in harness.load_cases()
           if c.expect_error is not None and c.expect_error.startswith("exception raised")]


def _gpu_reason():
    """None when a GPU is usable, else why not."""
    try:
        out = subprocess.run([harness.kernelc_binary(), "devices"], capture_output=True, text=True).stdout
    except OSError as e:
        return f"cannot run kernelc: {e}"
    first = out.splitlines()[0] if out else "kernelc devices printed nothing"
    return None if first.startswith("gpu ") and "no usable GPU" not in first else first


REASON = _gpu_reason()
if REASON is not None:
    # CI points KERNELC_CUDA_DRIVER at the emulated driver and requires it.
    if os.environ.get("KERNELC_REQUIRE_GPU") == "1":
        raise RuntimeError(f"KERNELC_REQUIRE_GPU=1 but no GPU is usable: {REASON}")
    pytest.skip(f"GPU tests skipped: {REASON}", allow_module_level=True)


def _same(g, c):
    """Equal element by element, NaN equal to NaN (for complex numbers, part
    by part: `==` is false for a NaN part)."""
    if np.iscomplexobj(g):
        return _same(g.real, c.real) & _same(g.imag, c.imag)
    if np.issubdtype(g.dtype, np.floating):
        return (g == c) | (np.isnan(g) & np.isnan(c))
    return g == c


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_gpu_matches_cpu_device(case):
    inputs, gpu_out, gpu_stdout = harness.run_kernelc(case, "-O2", device="gpu")
    harness.check(case, inputs, gpu_out, gpu_stdout)
    _, cpu_out, _ = harness.run_kernelc(case, "-O2")
    assert sorted(gpu_out) == sorted(cpu_out), f"{case.id}: different arrays written back"
    for pos, g in gpu_out.items():
        c = cpu_out[pos]
        if (case.rtol or case.atol) and np.issubdtype(g.dtype, np.floating):
            ok = np.isclose(g, c, rtol=case.rtol, atol=case.atol, equal_nan=True)
        else:
            ok = _same(g, c)
        assert np.all(ok), f"{case.id}: arg {pos}: GPU and CPU device differ at {np.argwhere(~ok)[:5].tolist()}"


@pytest.mark.parametrize("case", RAISING, ids=[c.id for c in RAISING])
def test_gpu_raises_as_the_cpu_device(case):
    # run_kernelc checks the launch fails with the case's expected error
    harness.run_kernelc(case, "-O2", device="gpu")
