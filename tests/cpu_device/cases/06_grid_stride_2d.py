"""2-D grid-stride fill a[i, j] = value + i*0.5 - j on a 23x41 array with an
8x16-thread grid (several passes on both axes)."""
import numpy as np
from harness import Case


def expect(a):
    i, j = np.indices(a[0].shape)
    return {0: a[1] + i * 0.5 - j}


CASES = [
    Case("06_grid_stride_2d.py", "fill_2d", grid=(2, 2), block=(4, 8),
         args=lambda rng: [np.full((23, 41), np.nan), np.float64(3.25)], expect=expect),
]
