"""103: `raise` ends the thread (without debug) or fails the launch with the
exception's text (debug=True); references in NumPy."""
import numpy as np
from harness import Case

SIM_RAISES = ("the simulator raises every kernel exception on the host; compiled Numba without "
              "debug=True ends the raising thread and reports nothing, as kernelc does")


def roots(args):
    x, out = args
    out = out.copy()
    for i in range(x.size):
        out[i] = -1.0 if x[i] < 0 else np.sqrt(x[i])
    return {1: out}


CASES = [
    Case("103_raise.py", "roots", grid=(2,), block=(32,),
         args=lambda rng: [np.array([4.0, -1.0, 2.25, 1e6, -0.0, 0.5, -3.0, 20000.0] * 5), np.zeros(40)],
         expect=roots, numba_skip=SIM_RAISES),
    Case("103_raise.py", "strict", grid=(1,), block=(16,), name="all_positive",
         args=lambda rng: [np.arange(1, 11, dtype=np.int64)],
         expect=lambda a: {0: a[0] * 2}),
    Case("103_raise.py", "strict", grid=(1,), block=(16,), name="one_negative",
         args=lambda rng: [np.array([1, 2, 3, -4, 5], np.int64)],
         expect=lambda a: {}, expect_error=r"exception raised: IndexError: negative entry \(kernel `strict`, block \(0,0,0\), thread \(3,0,0\)",
         numba_skip="Numba with debug=True raises IndexError on the host after the launch; kernelc's "
                    "launch fails with kernelc's message for it"),
]

CASES += [
    Case("103_raise.py", "ranges", grid=(1,), block=(8,), name=f"step{s}",
         args=lambda rng, s=s: [np.zeros(4, np.int64), np.int64(s)],
         expect=lambda a: {0: np.full(4, 7 + (sum(range(0, 10, int(a[1]))) if a[1] else 0), np.int64)},
         numba_skip=SIM_RAISES if s == 0 else None)
    for s in (3, -2, 0)
]

CASES += [
    Case("103_raise.py", "ranges_enumerate", grid=(1,), block=(8,), name=f"step{s}",
         args=lambda rng, s=s: [np.zeros(4, np.int64), np.int64(s)],
         expect=lambda a: {0: np.full(4, 7 + (sum(n * j for n, j in enumerate(range(0, 10, int(a[1]))))
                                              if a[1] else 0), np.int64)},
         numba_skip=SIM_RAISES if s == 0 else None)
    for s in (3, -2, 0)
]
