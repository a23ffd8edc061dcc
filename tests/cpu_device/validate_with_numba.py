"""Check every case's NumPy reference against Numba's simulator, or
against compiled Numba CUDA.

    NUMBA_ENABLE_CUDASIM=1 python tests/cpu_device/validate_with_numba.py [FILTER]
    NUMBA_CUDA_DRIVER=target/debug/libkernelc_emucuda.so \
        python tests/cpu_device/validate_with_numba.py --compiled [FILTER]

Needs numba and numba-cuda (no GPU).  Each case runs in the simulator and its
results are compared with the case's NumPy reference (the -O0 one: the
simulator fuses nothing).  This is how a case is validated when it is
written; CI runs the cases on kernelc's CPU device instead.

With ``--compiled``, each case runs as Numba CUDA compiles it, on a GPU or on
kernelc's emulated driver (``NUMBA_CUDA_DRIVER``; numba-cuda also wants a
``libcuda.so.1`` on ``LD_LIBRARY_PATH``, a link to the same library), and
is compared with the -O2 reference: NVVM fuses ``a * b + c`` as kernelc
does at -O2 (a case's ``fused``), so this checks those references against
the compiler they model. ``numba_skip`` does not apply there.
"""

import os
import sys
import traceback

COMPILED = "--compiled" in sys.argv[1:]
if not COMPILED:
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import harness  # noqa: E402


def main() -> int:
    rest = [a for a in sys.argv[1:] if a != "--compiled"]
    flt = rest[0] if rest else ""
    failed = 0
    cases = [c for c in harness.load_cases() if flt in c.id]
    for case in cases:
        if case.expect_error:
            print(f"skip  {case.id}: expects an error from kernelc")
            continue
        if case.numba_skip and not COMPILED:
            print(f"skip  {case.id}: {case.numba_skip}")
            continue
        try:
            if COMPILED:
                inputs, outputs, out = harness.run_numba(case)
                harness.check(case, inputs, outputs, out, opt="-O2")
            else:
                inputs, outputs, out = harness.run_numba_sim(case)
                # The simulator fuses nothing: the -O0 reference.
                harness.check(case, inputs, outputs, out, opt="-O0")
            print(f"ok    {case.id}")
        except Exception as e:  # noqa: BLE001 - report and go on
            failed += 1
            print(f"FAIL  {case.id}: {e}")
            if os.environ.get("VERBOSE"):
                traceback.print_exc()
    what = "compiled Numba CUDA" if COMPILED else "Numba's simulator"
    print(f"{len(cases) - failed}/{len(cases)} cases agree with {what}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
