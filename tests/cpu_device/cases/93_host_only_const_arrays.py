"""93: constant arrays supplied by the host only (imported from a host module,
or not defined in the file at all)."""
import numpy as np
from harness import Case

N = 40


def args(rng):
    return [rng.integers(-50, 50, N).astype(np.int32), np.zeros(N)]


WEIGHTS = (np.arange(16, dtype=np.float32) * 0.5 - 3).astype(np.float32)
BIAS = np.array([0.25, -1.5, 2.0, 1e3])


def expect(a):
    idx = a[0].astype(np.int64) % 16
    i = np.arange(N)
    return {1: WEIGHTS[idx].astype(np.float64) + BIAS[i % 4]}


CASES = [
    Case("93_host_only_const_arrays.py", "lookup", grid=(2,), block=(32,), args=args, expect=expect,
         consts={"WEIGHTS": WEIGHTS, "BIAS": BIAS},
         numba_skip="the kernel imports its table from a host module the simulator does not have"),
]
