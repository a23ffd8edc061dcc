"""Runs a snippet under Numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``)
in a subprocess and returns what it prints as JSON: the tests ask Numba
itself what it does (its typing of arguments, conversion table, choice of
overload, messages) and compare kernelc with that.

Numba comes from the Python running the tests, or from the interpreter
named by ``KERNELC_NUMBA_PYTHON``; without either the tests that need it
are skipped (and fail under CI, as ``test_differential.py``)."""

import importlib.util
import json
import os
import subprocess
import sys
import textwrap

import pytest


def numba_python():
    env = os.environ.get("KERNELC_NUMBA_PYTHON")
    if env:
        return env
    if importlib.util.find_spec("numba") is not None:
        return sys.executable
    return None


def require_numba():
    """Skips the calling test when no Numba is available (fails under CI)."""
    if numba_python() is not None:
        return
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail("numba is required under CI for the comparisons with Numba", pytrace=False)
    pytest.skip("numba is not installed (pip install numba-cuda, or set KERNELC_NUMBA_PYTHON)")


def ask_numba(code: str, data=None):
    """Runs `code` under Numba's simulator with `data` (JSON) bound to
    ``DATA``; the code calls ``answer(value)`` once; returns that value."""
    require_numba()
    prelude = textwrap.dedent(
        """
        import json, sys
        import numpy as np
        DATA = json.loads(sys.argv[1])
        def answer(value):
            print("ANSWER" + json.dumps(value))
        """
    )
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    r = subprocess.run(
        [numba_python(), "-c", prelude + textwrap.dedent(code), json.dumps(data)],
        capture_output=True, text=True, env=env, timeout=600,
    )
    if r.returncode != 0:
        pytest.fail(f"Numba's side failed:\n{r.stderr[-4000:]}")
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("ANSWER")]
    assert len(lines) == 1, r.stdout[-2000:]
    return json.loads(lines[0][len("ANSWER"):])
