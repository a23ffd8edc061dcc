"""Shared-memory tiled matmul (16x16 tiles) on non-square, non-multiple sizes
(40x45 @ 45x50).  tmp accumulates in float32 in k order (padding adds 0), so a
sequential float32 accumulation reproduces it exactly."""
import numpy as np
from harness import Case, fma

M, K, N = 40, 45, 50


def args(rng):
    A = rng.standard_normal((M, K)).astype(np.float32)
    B = rng.standard_normal((K, N)).astype(np.float32)
    return [A, B, np.full((M, N), np.nan, np.float32)]


def expect(a, fused=False):
    A, B = a[0], a[1]
    tmp = np.zeros((M, N), np.float32)
    for k in range(K):
        if fused:
            # `tmp += sA[ty, j] * sB[j, tx]`, one rounding at -O2.
            tmp = fma(A[:, k:k + 1], B[k:k + 1, :], tmp)
        else:
            tmp = tmp + A[:, k:k + 1] * B[k:k + 1, :]
    return {2: tmp}


CASES = [
    # grid.x = 4 tiles covers the 50 columns and the K = 45 loop; grid.y = 3 covers the 40 rows
    Case("08_tiled_matmul.py", "fast_matmul", grid=(4, 3), block=(16, 16), args=args, expect=expect,
         fused=lambda a: expect(a, fused=True)),
]
