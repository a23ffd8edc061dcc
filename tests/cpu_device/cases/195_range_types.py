"""195: range()'s integer type chosen as Numba's Range template does:
uint64 ranges (where `-k` wraps), a float bound truncated into an int32
range, an int64 range decided by a literal."""
import numpy as np
from harness import Case

SRC = "195_range_types.py"


def neg_u64(k):
    """-k in uint64, as a float64."""
    return float((-k) % 2**64)


def expect(args):
    n8, n32, lim, out = (np.array(a, copy=True) for a in args)
    for i in range(out.shape[0]):
        s = 0.0
        for k in range(int(n8[i])):
            s += neg_u64(k)
        out[i, 0] = s
        out[i, 1] = sum(range(int(lim[i])))  # truncated toward zero
        out[i, 2] = -sum(range(1, int(n32[i]), 2))
        u = 0.0
        for k in range(int(n32[i]), int(lim[i])):
            u += neg_u64(k)
        out[i, 3] = u
    return {3: out}


def inputs(rng):
    n = 12
    return [rng.integers(0, 7, n).astype(np.uint8), rng.integers(0, 9, n).astype(np.uint32),
            rng.uniform(0, 12, n).astype(np.float32), np.zeros((n, 4))]


CASES = [Case(SRC, "range_types", grid=(2,), block=(8,), args=inputs, expect=expect,
              rtol=0, atol=0,
              numba_skip="Numba's simulator runs range() in Python, which refuses a float "
                         "bound; Numba's compiler truncates it (its Range template converts the "
                         "float unsafely). numba-cuda's own PTX for this kernel, run on the "
                         "emulated driver, gives this reference exactly (2026-11-28)")]
