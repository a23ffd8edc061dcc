"""110: numba.njit / numba.jit functions called from a kernel."""
import numpy as np
from harness import Case


CASES = [
    Case("110_njit_functions.py", "cpu_functions", grid=(1,), block=(32,),
         args=lambda rng: [rng.standard_normal(20), rng.integers(-100, 100, 20).astype(np.int32)],
         expect=lambda a: {0: a[0] * 2 + (a[0] + 1) + (a[0] - 1),
                           1: (a[1].astype(np.int64) * 2 + a[1] + 1).astype(np.int32)}),
]
