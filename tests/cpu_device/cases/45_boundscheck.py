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
