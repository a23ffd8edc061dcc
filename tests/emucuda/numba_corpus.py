"""Every CPU-device run case through real Numba CUDA (not its simulator):
NVVM compiles the kernel, and the driver Numba finds runs it. Run by
`test_numba_real.py` with NUMBA_CUDA_DRIVER at kernelc's emulated driver.

    python numba_corpus.py     (prints a JSON summary last)

A case counts as passed when Numba's results match the case's NumPy
reference as the CPU-device suite checks them.
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cpu_device"))

import harness  # noqa: E402


@contextlib.contextmanager
def captured_fd_stdout(into):
    """Kernel printf output as a driver writes it: to file descriptor 1,
    below Python's sys.stdout (which `harness.run_numba` captures)."""
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 1)
        try:
            yield
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
            tmp.seek(0)
            into.append(tmp.read().decode(errors="replace"))


def main():
    from numba import cuda

    passed, failed = [], {}
    for case in harness.load_cases():
        if case.expect_error is not None or case.numba_skip:
            continue
        try:
            printed = []
            with contextlib.redirect_stderr(io.StringIO()), captured_fd_stdout(printed):
                inputs, outputs, stdout = harness.run_numba(case)
                cuda.synchronize()
            # Numba's NVVM fuses multiply-adds as kernelc does at -O2: that
            # reference.
            harness.check(case, inputs, outputs, stdout + printed[0], opt="-O2")
            passed.append(case.id)
        except Exception as e:  # noqa: BLE001 - every failure is reported, by case
            failed[case.id] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
            if os.environ.get("KERNELC_NUMBA_DEBUG"):
                traceback.print_exc()
    print(json.dumps({"passed": len(passed), "failed": failed}))


if __name__ == "__main__":
    main()
