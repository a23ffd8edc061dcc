"""Hand-written kernels (``programs/``) run on kernelc and on Numba's own CUDA
compiler (``runner.py``'s referee), compared bit for bit. Each pins down one
semantic corner the random programs found or cannot reach exactly (``**``
computed as Numba computes it, ``min``/``max`` with NaN). A program's first
line names the seed whose inputs and signature it uses, as a reduced repro's
does (``runner.py --repro FILE`` runs one)."""

import glob
import importlib.util
import os

import pytest

import runner

if importlib.util.find_spec("numba") is None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail("numba is required under CI for the differential tests", pytrace=False)
    pytest.skip("numba is not installed: differential tests skipped", allow_module_level=True)

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = sorted(glob.glob(os.path.join(HERE, "programs", "*.py")))


@pytest.mark.parametrize("path", PROGRAMS, ids=[os.path.basename(p) for p in PROGRAMS])
def test_same_as_numba(path):
    if not os.path.exists(runner.kernelc_bin()):
        pytest.fail(f"no kernelc binary at {runner.kernelc_bin()}: run `cargo build -p kernelc-cli`",
                    pytrace=False)
    res = runner.check_repro(path, exact=True)
    assert res["outcome"] == "ok", f"{os.path.basename(path)}: {res['outcome']}\n{res['detail']}"
