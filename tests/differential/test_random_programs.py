"""CI's random-program differential test: a fixed budget of generated kernels
(``gen.py``, seeds ``SEEDS``) run on kernelc and on Numba (``runner.py``: Numba's
CUDA compiler is the referee) must agree, every one.

The feature classes come from ``KERNELC_DIFFTEST_FEATURES`` ('all' by default,
or ``-join_if,-retype`` to leave classes out; ``gen.FEATURES`` lists them) and
are printed in pytest's header. A failure shows the program and how to reduce
it (``reduce.py SEED``). Numba (numba-cuda, with NVIDIA's NVVM from the
``nvidia-cuda-nvcc-cu12`` wheel) is needed; outside CI the test is skipped
without it. ``KERNELC_DIFFTEST_SEEDS=START:STOP`` changes the budget."""

import importlib.util
import multiprocessing
import os

import pytest

import gen
import runner

if importlib.util.find_spec("numba") is None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail("numba is required under CI for the random differential test", pytrace=False)
    pytest.skip("numba is not installed: random differential test skipped", allow_module_level=True)

_start, _stop = os.environ.get("KERNELC_DIFFTEST_SEEDS", "0:100").split(":")
SEEDS = list(range(int(_start), int(_stop)))
FEATURE_SET = sorted(runner.parse_features(os.environ.get("KERNELC_DIFFTEST_FEATURES", "all")))
JOBS = min(2, os.cpu_count() or 1)
OUTCOMES = {}       # seed -> outcome, for conftest's summary


@pytest.fixture(scope="module")
def results():
    if not os.path.exists(runner.kernelc_bin()):
        pytest.fail(f"no kernelc binary at {runner.kernelc_bin()}: run `cargo build -p kernelc-cli` "
                    "or set KERNELC_BIN", pytrace=False)
    # The referee at NVVM's default, fusing `a * b + c` as kernelc does.
    jobs = [(s, FEATURE_SET, True) for s in SEEDS]
    if JOBS > 1:
        with multiprocessing.get_context("spawn").Pool(JOBS) as pool:
            out = pool.map(runner._work, jobs)
    else:
        out = [runner._work(j) for j in jobs]
    OUTCOMES.update((r["seed"], r["outcome"]) for r in out)
    return {r["seed"]: r for r in out}


@pytest.mark.parametrize("seed", SEEDS)
def test_same_as_numba(seed, results):
    res = results[seed]
    if res["outcome"] == "ok":
        return
    prog = gen.generate(seed, FEATURE_SET)
    what = {
        "numba-reject": "the generator wrote a program Numba rejects (a generator bug)",
        "referee-error": "Numba's PTX does not run on kernelc's CPU device",
    }.get(res["outcome"], f"kernelc vs Numba: {res['outcome']}")
    features = os.environ.get("KERNELC_DIFFTEST_FEATURES", "all")
    pytest.fail(
        f"seed {seed}: {what}\n{res['detail']}\n\nsignature {prog.signature()}\n{prog.source}\n"
        f"reduce it: python tests/differential/reduce.py {seed} --features={features}",
        pytrace=False,
    )
