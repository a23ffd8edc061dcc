"""boundscheck=True gather: every index in range (positive, plus negative
indices, which wrap from the end as in Python); out-of-range behaviour is
not covered here (it reports an error)."""
import numpy as np
from harness import Case

F = np.float32
SKIP = "numba-cuda (simulator included) refuses boundscheck=True"


CASES = [
    Case("45_boundscheck.py", "gather_checked", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(50).astype(F), rng.integers(0, 50, 100), np.zeros(100, F)],
         expect=lambda a: {2: a[0][a[1]]}, numba_skip=SKIP),
    Case("45_boundscheck.py", "gather_checked", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(50).astype(F), rng.integers(-50, 50, 100), np.zeros(100, F)],
         expect=lambda a: {2: a[0][a[1]]}, name="negative_wrap", numba_skip=SKIP),
]

# An index past the end: boundscheck=True prints the error and traps; the
# launch fails naming the kernel, block, thread and PTX line.
CASES.append(
    Case("45_boundscheck.py", "gather_checked", grid=(1,), block=(8,), name="out_of_range",
         args=lambda rng: [np.arange(50, dtype=F), np.array([1, 2, 60, 3], np.int64), np.zeros(4, F)],
         expect=lambda a: {}, expect_error=r"trap executed: index out of bounds \(kernel `gather_checked`, block \(0,0,0\), thread \(2,0,0\)"))
