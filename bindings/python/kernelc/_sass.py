"""SASS of a compiled kernel, as numba-cuda's ``inspect_sass`` gives it:
kernelc's PTX assembled by NVIDIA's ``ptxas`` into a cubin for the
kernel's target, disassembled by ``nvdisasm`` (``-gi``: with line
information; ``-cfg``: the control-flow graph, for ``inspect_sass_cfg``).

Both tools come with the CUDA toolkit; they are looked for on ``PATH``,
then (``ptxas``, also ``KERNELC_PTXAS``) in the Python-packaged toolkit
(``nvidia-cuda-nvcc-cu12``). Without ``nvdisasm`` it is numba-cuda's
``RuntimeError`` ("nvdisasm was not found ...")."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile

__all__ = ["disassemble", "NVDISASM_UNAVAILABLE"]

#: numba-cuda's message when ``nvdisasm`` cannot be run.
NVDISASM_UNAVAILABLE = (
    "nvdisasm was not found or could not be executed. It is included with "
    "the CUDA toolkit: install the toolkit on your system or install a Python-packaged "
    "toolkit in this environment (for example cuda-toolkit with the "
    "nvdisasm extra).\n"
)


def _find(tool: str, env: str | None = None) -> str | None:
    """The path of a CUDA tool: `env` if set, ``PATH``, then the
    Python-packaged toolkit's ``bin`` folders."""
    if env and os.environ.get(env):
        return os.environ[env]
    found = shutil.which(tool)
    if found:
        return found
    for site in sys.path:
        for path in glob.glob(os.path.join(site, "nvidia", "*", "bin", tool)):
            if os.access(path, os.X_OK):
                return path
    return None


def disassemble(ptx: str, arch: str, flags=("-gi",)) -> str:
    """The SASS (``nvdisasm`` output with `flags`) of `ptx` assembled for
    `arch` (``sm_XX``)."""
    nvdisasm = _find("nvdisasm")
    if nvdisasm is None:
        raise RuntimeError(NVDISASM_UNAVAILABLE)
    ptxas = _find("ptxas", "KERNELC_PTXAS")
    if ptxas is None:
        raise RuntimeError(
            "ptxas was not found: inspect_sass() assembles kernelc's PTX with it (install the "
            "CUDA toolkit, or pip install nvidia-cuda-nvcc-cu12, or set KERNELC_PTXAS)")
    with tempfile.TemporaryDirectory(prefix="kernelc-sass-") as tmp:
        src, cubin = os.path.join(tmp, "kernel.ptx"), os.path.join(tmp, "kernel.cubin")
        with open(src, "w") as f:
            f.write(ptx)
        done = subprocess.run([ptxas, f"-arch={arch}", "-lineinfo", src, "-o", cubin],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"ptxas refused the kernel's PTX:\n{done.stderr}")
        try:
            done = subprocess.run([nvdisasm, *flags, cubin], capture_output=True, text=True)
        except OSError as e:
            raise RuntimeError(NVDISASM_UNAVAILABLE) from e
        if done.returncode != 0:
            raise RuntimeError(f"nvdisasm failed:\n{done.stderr}")
        return done.stdout
