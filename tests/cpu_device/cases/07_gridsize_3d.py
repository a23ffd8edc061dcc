"""cuda.gridsize(3) / gridDim: every in-range element gets the total thread
count plus the block count; total_size writes the product of gridsize(3)."""
import numpy as np
from harness import Case


def count_expect_full(a):
    # grid (2,3,2) x block (4,2,3) = 8 x 6 x 6 threads, 12 blocks
    out = a[0].copy()
    out[:7, :6, :6] = 8 * 6 * 6 + 12
    return {0: out}


CASES = [
    Case("07_gridsize_3d.py", "count_threads", grid=(2, 3, 2), block=(4, 2, 3),
         args=lambda rng: [np.full((7, 8, 6), -1, np.int64)], expect=count_expect_full),
    # threads with grid(1) == 0 in every (y, z) block write the same value
    Case("07_gridsize_3d.py", "total_size", grid=(3, 2, 2), block=(32, 2, 1),
         args=lambda rng: [np.full(4, -1, np.int64)],
         expect=lambda a: {0: np.array([96 * 4 * 2, -1, -1, -1], np.int64)}),
]
