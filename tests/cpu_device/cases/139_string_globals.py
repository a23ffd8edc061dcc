"""139: module-level strings as exception arguments: without debug the
raising thread ends; with debug=True the launch fails with the exception,
its message made of the strings."""
import numpy as np
from harness import Case

NUMBA_SKIP = ("Numba with debug=True raises on the host after the launch; kernelc's launch "
              "fails with kernelc's message for it")


SIM_RAISES = ("Numba's simulator raises every exception on the host; compiled Numba without "
              "debug ends the raising thread, as kernelc does")


def doubled(args):
    a = args[0].copy()
    a[a >= 0] *= 2
    return {0: a}


CASES = [
    Case("139_string_globals.py", "doubled", grid=(1,), block=(8,),
         args=lambda rng: [np.array([1, 2, -3, 4, -5, 6], np.int64)], expect=doubled,
         numba_skip=SIM_RAISES),
    Case("139_string_globals.py", "strict", grid=(1,), block=(8,), name="fine",
         args=lambda rng: [np.arange(0, 40, 5, dtype=np.int64)],
         expect=lambda a: {0: a[0] + 1}),
    Case("139_string_globals.py", "strict", grid=(1,), block=(8,), name="negative",
         args=lambda rng: [np.array([1, 2, -3, 4], np.int64)], expect=lambda a: {},
         expect_error=r"exception raised: ValueError: input must not be negative",
         numba_skip=NUMBA_SKIP),
    Case("139_string_globals.py", "strict", grid=(1,), block=(8,), name="large",
         args=lambda rng: [np.array([1, 2, 170, 4], np.int64)], expect=lambda a: {},
         expect_error=r"exception raised: OverflowError: \('at \"index\"\\t', 2, "
                      r"'input must not be negative'\)",
         numba_skip=NUMBA_SKIP),
]
