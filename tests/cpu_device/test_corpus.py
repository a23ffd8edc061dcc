"""Every run case of the compiler's corpus, on the CPU device, at -O0 and
-O2, against its NumPy reference (see harness.py for the case format).

    KERNELC_BIN=target/debug/kernelc python -m pytest tests/cpu_device
"""

import os

import pytest

import harness

CASES = harness.load_cases()


def test_every_corpus_kernel_has_a_case():
    """Each kernel of each accepted corpus file is covered by a case.

    Except a kernel that takes a pointer (`CPointer`): `kernelc run` has no
    device address to give it. Those run in `tests/integration` (`corpus.rs`
    and `interp_vs_device.rs` give each pointer a buffer, on the CPU device
    and the IR interpreter) and through the binding
    (`bindings/python/tests/test_pointers.py`, against NumPy)."""
    import re

    have = {(c.source, c.kernel) for c in CASES}
    missing = []
    for fname in sorted(os.listdir(harness.CORPUS)):
        if not fname.endswith(".py"):
            continue
        src = open(os.path.join(harness.CORPUS, fname)).read()
        # A kernel: @cuda.jit(...) not marked device=True, followed by def NAME.
        for m in re.finditer(r"@cuda\.jit(\([^\n]*\))?\s*\ndef (\w+)", src):
            if "device=True" in (m.group(1) or ""):
                continue
            if "CPointer" in (m.group(1) or ""):
                continue
            if (fname, m.group(2)) not in have:
                missing.append(f"{fname}::{m.group(2)}")
    assert not missing, f"{len(missing)} corpus kernels have no run case: {missing}"


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case(case, opt):
    inputs, outputs, stdout = harness.run_kernelc(case, opt)
    if case.expect_error is None:
        harness.check(case, inputs, outputs, stdout, opt)
    elif case.stdout is not None:
        # What the kernel printed before it trapped (the error's message).
        assert sorted(stdout.splitlines()) == sorted(case.stdout(inputs)), stdout
