"""74: a constant-memory table (WEIGHTS = arange(16)).  lookup reads
w[idx % 16] (floor modulo, so negative indices land in 0..15) plus w[-1] * 0;
weighted_sum (unguarded; one output per thread) stores sum(w[k] * k) computed
in float64."""
import numpy as np
from harness import Case

WEIGHTS = np.arange(16, dtype=np.float32)


def lookup_args(rng):
    idx = rng.integers(-1000, 1000, 300).astype(np.int32)
    idx[:4] = [-1, -16, -17, np.iinfo(np.int32).min]
    return [idx, np.zeros(300, np.float32)]


CASES = [
    Case("74_const_array.py", "lookup", grid=(3,), block=(128,), args=lookup_args, consts={"WEIGHTS": WEIGHTS},
         expect=lambda a: {1: WEIGHTS[np.mod(a[0].astype(np.int64), 16)]}),
    Case("74_const_array.py", "weighted_sum", grid=(2,), block=(64,), consts={"WEIGHTS": WEIGHTS},
         args=lambda rng: [np.zeros(128, np.float32)],
         expect=lambda a: {0: np.full(128, float((WEIGHTS.astype(np.float64) * np.arange(16)).sum()), np.float32)}),
]
