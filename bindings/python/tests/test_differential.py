"""Differential test: every kernel of ``diff_cases.py`` runs through kernelc
(in this process) and through Numba's CUDA simulator
(``NUMBA_ENABLE_CUDASIM=1``, in a subprocess running the same file with
``from numba import cuda``), and the results must agree.

Numba comes from the Python running the tests, or from the interpreter
named by ``KERNELC_NUMBA_PYTHON``; without either the test is skipped."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from numba_oracle import numba_python

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_FILE = os.path.join(HERE, "diff_cases.py")


NUMBA_PYTHON = numba_python()
if NUMBA_PYTHON is None and os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    pytest.fail(
        "numba is required under CI for the differential test against Numba's simulator "
        "(.ci/run installs it)",
        pytrace=False,
    )
if NUMBA_PYTHON is None:
    pytest.skip(
        "numba is not installed (pip install numba, or set KERNELC_NUMBA_PYTHON): "
        "differential test against Numba's CUDA simulator skipped",
        allow_module_level=True,
    )

sys.path.insert(0, HERE)
import diff_cases  # noqa: E402

_RUNNER = textwrap.dedent(
    """
    import sys, types
    import numpy as np
    src_path, out_path = sys.argv[1], sys.argv[2]
    src = open(src_path).read().replace("from kernelc import cuda", "from numba import cuda")
    assert "from numba import cuda" in src
    mod = types.ModuleType("diff_cases_numba")
    mod.__file__ = out_path + ".py"
    with open(mod.__file__, "w") as f:
        f.write(src)
    exec(compile(src, mod.__file__, "exec"), mod.__dict__)
    results = {}
    for name in mod.CASES:
        try:
            for key, value in getattr(mod, name)().items():
                results[name + "/" + key] = np.asarray(value)
        except Exception as e:
            results[name + "/!error"] = np.array(f"{type(e).__name__}: {e}")
    np.savez(out_path, **results)
    """
)


@pytest.fixture(scope="module")
def numba_results(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("numba") / "results.npz")
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    r = subprocess.run(
        [NUMBA_PYTHON, "-c", _RUNNER, CASES_FILE, out[:-4]],
        capture_output=True, text=True, env=env, timeout=900,
    )
    if r.returncode != 0:
        pytest.fail(f"Numba's simulator failed on the cases:\n{r.stderr[-4000:]}")
    with np.load(out) as z:
        return {k: z[k] for k in z.files}


def test_enough_cases():
    assert len(diff_cases.CASES) >= 25


@pytest.mark.parametrize("case", diff_cases.CASES)
def test_same_as_numba_simulator(case, numba_results):
    error = numba_results.get(f"{case}/!error")
    if error is not None:
        pytest.fail(f"Numba's simulator failed on {case}: {error}")
    ours = getattr(diff_cases, case)()
    for key, value in ours.items():
        value = np.asarray(value)
        expected = numba_results[f"{case}/{key}"]
        assert value.shape == expected.shape, key
        assert value.dtype == expected.dtype, f"{key}: {value.dtype} vs Numba's {expected.dtype}"
        if np.issubdtype(value.dtype, np.floating):
            rtol = 1e-5 if value.dtype == np.float32 else 1e-12
            np.testing.assert_allclose(value, expected, rtol=rtol, atol=1e-12, err_msg=key)
        else:
            np.testing.assert_array_equal(value, expected, err_msg=key)
