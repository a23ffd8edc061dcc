"""Naive float64 matmul (33x20 @ 20x27) with a 2-D guard; tmp sums in k order,
reproduced exactly by a sequential float64 accumulation."""
import numpy as np
from harness import Case


def args(rng):
    return [rng.standard_normal((33, 20)), rng.standard_normal((20, 27)), np.full((33, 27), np.nan)]


def expect(a):
    A, B = a[0], a[1]
    tmp = np.zeros((33, 27))
    for k in range(A.shape[1]):
        tmp = tmp + A[:, k:k + 1] * B[k:k + 1, :]
    return {2: tmp}


CASES = [
    Case("09_matmul_naive.py", "matmul", grid=(5, 4), block=(8, 8), args=args, expect=expect),
]
