"""2-D matrix add with cuda.grid(2): a 37x50 matrix on a 3x4 grid of 16x16
blocks, so both guards cut threads off."""
import numpy as np
from harness import Case


def args(rng):
    a = rng.standard_normal((37, 50)).astype(np.float32)
    b = rng.standard_normal((37, 50)).astype(np.float32)
    return [a, b, np.zeros((37, 50), np.float32)]


CASES = [
    Case("03_matrix_add_2d.py", "matrix_add", grid=(3, 4), block=(16, 16), args=args,
         expect=lambda a: {2: a[0] + a[1]}),
]
