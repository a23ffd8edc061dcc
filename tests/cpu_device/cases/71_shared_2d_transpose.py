"""71: transpose through a padded 32x33 shared tile with 32x8 blocks (each
thread moves four rows); sizes are not tile multiples, so both guards are
exercised on the load and on the store."""
import numpy as np
from harness import Case


def args(rng):
    return [rng.standard_normal((70, 45)).astype(np.float32), np.zeros((45, 70), np.float32)]


CASES = [
    Case("71_shared_2d_transpose.py", "transpose", grid=(2, 3), block=(32, 8), args=args,
         expect=lambda a: {1: np.ascontiguousarray(a[0].T)}),
]
