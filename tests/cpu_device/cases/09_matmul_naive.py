"""Naive float64 matmul (33x20 @ 20x27) with a 2-D guard; tmp sums in k order,
reproduced exactly by a sequential float64 accumulation."""
import numpy as np
from harness import Case, fma


def args(rng):
    return [rng.standard_normal((33, 20)), rng.standard_normal((20, 27)), np.full((33, 27), np.nan)]


def expect(a, fused=False):
    A, B = a[0], a[1]
    tmp = np.zeros((33, 27))
    for k in range(A.shape[1]):
        if fused:
            # `tmp += A[i, k] * B[k, j]`, one rounding at -O2.
            tmp = fma(A[:, k:k + 1], B[k:k + 1, :], tmp)
        else:
            tmp = tmp + A[:, k:k + 1] * B[k:k + 1, :]
    return {2: tmp}


CASES = [
    Case("09_matmul_naive.py", "matmul", grid=(5, 4), block=(8, 8), args=args, expect=expect,
         fused=lambda a: expect(a, fused=True)),
]
