"""47: debug=True kernels.  checked_div is int32 floor division (Python
semantics, computed in int64 and wrapped on the int32 store: INT32_MIN // -1
stores INT32_MIN); checked_transpose_inplace swaps the lower and upper triangles
of a square matrix on a 2-d grid (one thread per pair, so race-free)."""
import numpy as np
from harness import Case

N = 300
I32 = np.iinfo(np.int32)


def div_args(rng):
    a = rng.integers(-1000, 1000, N).astype(np.int32)
    b = rng.integers(1, 50, N).astype(np.int32) * rng.choice([-1, 1], N).astype(np.int32)
    a[:6] = [7, -7, 7, -7, I32.min, I32.max]
    b[:6] = [2, 2, -2, -2, -1, -1]
    return [a, b, np.zeros(N, np.int32)]


def div_expect(a):
    q = a[0].astype(np.int64) // a[1].astype(np.int64)  # floor division
    return {2: q.astype(np.int32)}  # INT32_MIN // -1 = 2**31 wraps to INT32_MIN


def tr_args(rng):
    return [rng.standard_normal((37, 37))]


CASES = [
    Case("47_debug_kernel.py", "checked_div", grid=(3,), block=(128,), args=div_args, expect=div_expect),
    Case("47_debug_kernel.py", "checked_transpose_inplace", grid=(5, 5), block=(8, 8), args=tr_args,
         expect=lambda a: {0: np.ascontiguousarray(a[0].T)}),
]
