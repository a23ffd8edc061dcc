"""NVRTC validation suite for the CPU device.

Each spec's CUDA C kernel is compiled to PTX by NVIDIA's NVRTC at test time
and run with ``kernelc run KERNEL.ptx --device cpu ...``; the array arguments
written back are compared with the spec's NumPy reference.

    pip install -r tests/nvrtc/requirements.txt
    cargo build -p kernelc     # or set KERNELC_BIN
    pytest tests/nvrtc

Without NVRTC the tests skip with one line, except under CI=true where they fail.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)

import nvrtc  # noqa: E402
from spec import check_outputs  # noqa: E402
from specs import SPECS  # noqa: E402

SCALAR_CODES = {
    np.dtype(np.int8): "i8", np.dtype(np.int16): "i16", np.dtype(np.int32): "i32", np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "u8", np.dtype(np.uint16): "u16", np.dtype(np.uint32): "u32", np.dtype(np.uint64): "u64",
    np.dtype(np.float32): "f32", np.dtype(np.float64): "f64",
}


def scalar_arg(value) -> str:
    v = np.asarray(value)
    code = SCALAR_CODES[v.dtype]
    return f"{code}:{float(v)!r}" if code.startswith("f") else f"{code}:{int(v)}"


def kernelc_binary() -> str:
    exe = os.environ.get("KERNELC_BIN")
    if exe:
        return exe
    return os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "kernelc")


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def have_nvrtc():
    try:
        nvrtc.load()
    except nvrtc.NvrtcUnavailable as e:
        if _in_ci():
            pytest.fail(f"NVRTC is required under CI: {e}")
        pytest.skip(f"NVRTC unavailable, skipping the NVRTC suite: {e}")


@pytest.fixture(scope="session")
def kernelc(have_nvrtc):
    exe = kernelc_binary()
    if not os.path.isfile(exe):
        if _in_ci():
            pytest.fail(f"kernelc binary not found at {exe} (build it or set KERNELC_BIN)")
        pytest.skip(f"kernelc binary not found at {exe} (cargo build, or set KERNELC_BIN)")
    return exe


def run_ptx(exe, spec, ptx_path, tmp):
    inputs = spec.make_inputs()
    cmd = [exe, "run", ptx_path, "--kernel", spec.kernel, "--device", "cpu",
           "--grid", ",".join(map(str, spec.grid)), "--block", ",".join(map(str, spec.block))]
    if spec.shared:
        cmd += ["--shared", str(spec.shared)]
    for name, arr in spec.consts.items():
        p = os.path.join(tmp, f"const_{name}.npy")
        np.save(p, arr)
        cmd += ["--const", f"{name}={p}"]
    out_dir = os.path.join(tmp, "out")
    cmd += ["--out", out_dir]
    for i, a in enumerate(inputs):
        if isinstance(a, np.ndarray):
            p = os.path.join(tmp, f"arg{i}.npy")
            np.save(p, a)
            cmd.append(p)
        else:
            cmd.append(scalar_arg(a))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise AssertionError(f"{spec.id}: kernelc run failed ({proc.returncode}):\n{' '.join(cmd)}\n"
                             f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    outputs = {}
    if os.path.isdir(out_dir):
        for f in os.listdir(out_dir):
            if f.endswith(".npy") and f[:-4].isdigit():
                outputs[int(f[:-4])] = np.load(os.path.join(out_dir, f))
    return inputs, outputs, proc.stdout


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_run_on_cpu_device(spec, kernelc, tmp_path):
    ptx = spec.compile()
    ptx_path = tmp_path / f"{spec.id}.ptx"
    ptx_path.write_text(ptx)
    inputs, outputs, stdout = run_ptx(kernelc, spec, str(ptx_path), str(tmp_path))
    check_outputs(spec, inputs, outputs, stdout)


ARCHS = ("compute_70", "compute_80", "compute_90")


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_nvrtc_compiles(spec, arch, have_nvrtc):
    ptx = spec.compile(arch)
    assert f".entry {spec.kernel}(" in ptx, f"{spec.id}: entry {spec.kernel} missing from the PTX"
    for name in spec.consts:
        assert f" {name}[" in ptx, f"{spec.id}: __constant__ {name} missing from the PTX"


def test_spec_set():
    """The suite itself: unique ids, files present, references computable."""
    from spec import copy_args

    assert len({s.id for s in SPECS}) == len(SPECS)
    assert len({(s.cu, s.kernel) for s in SPECS}) >= 18
    for s in SPECS:
        assert os.path.isfile(s.path), s.path
        inputs = s.make_inputs()
        expected = s.expect(copy_args(inputs))
        for pos in expected:
            assert isinstance(inputs[pos], np.ndarray), f"{s.id}: expected output {pos} is not an array argument"
