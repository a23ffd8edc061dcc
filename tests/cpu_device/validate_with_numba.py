"""Check every case's NumPy reference against Numba's simulator.

    NUMBA_ENABLE_CUDASIM=1 python tests/cpu_device/validate_with_numba.py [FILTER]

Needs numba and numba-cuda (no GPU).  Each case runs in the simulator and its
results are compared with the case's NumPy reference.  This is how a case is
validated when it is written; CI runs the cases on kernelc's CPU device instead.
"""

import os
import sys
import traceback

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import harness  # noqa: E402


def main() -> int:
    flt = sys.argv[1] if len(sys.argv) > 1 else ""
    failed = 0
    cases = [c for c in harness.load_cases() if flt in c.id]
    for case in cases:
        if case.expect_error:
            print(f"skip  {case.id}: expects an error from kernelc")
            continue
        if case.numba_skip:
            print(f"skip  {case.id}: {case.numba_skip}")
            continue
        try:
            inputs, outputs, out = harness.run_numba_sim(case)
            harness.check(case, inputs, outputs, out)
            print(f"ok    {case.id}")
        except Exception as e:  # noqa: BLE001 - report and go on
            failed += 1
            print(f"FAIL  {case.id}: {e}")
            if os.environ.get("VERBOSE"):
                traceback.print_exc()
    print(f"{len(cases) - failed}/{len(cases)} cases agree with Numba's simulator")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
