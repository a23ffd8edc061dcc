"""73: dtypes spelled as bare names, numba.<name> and np.<name> in shared and
local arrays and casts.  Threads t < 64 replace a/b/c[i] by the block's
element 63 - t plus l1[t % 4] (float32 k), l2[t % 4] (int64 2k) and 1 (the
int32 + int32 sum is int64, wrapped on the store).  With 128-thread blocks,
threads 64..127 leave their elements alone."""
import numpy as np
from harness import Case


def args(n):
    def make(rng):
        c = rng.integers(-1000, 1000, n).astype(np.int32)
        c[63 - 5] = np.iinfo(np.int32).max  # read by thread 5: wraps
        return [rng.standard_normal(n).astype(np.float32), rng.standard_normal(n), c]
    return make


def expect(block):
    def ref(a):
        x, y, z = (v.copy() for v in a)
        n = x.size
        i = np.arange(n)
        t = i % block
        sel = t < 64
        src = (i - t + 63 - t)[sel]
        k = (t % 4)[sel]
        x[sel] = a[0][src] + k.astype(np.float32)
        y[sel] = a[1][src] + 2 * k
        z[sel] = (a[2][src].astype(np.int64) + 1).astype(np.int32)
        return {0: x, 1: y, 2: z}
    return ref


CASES = [
    Case("73_dtype_spellings.py", "spellings", grid=(3,), block=(64,), args=args(192), expect=expect(64),
         name="block64"),
    Case("73_dtype_spellings.py", "spellings", grid=(2,), block=(128,), args=args(256), expect=expect(128),
         name="block128"),
]
