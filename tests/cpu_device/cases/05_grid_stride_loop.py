"""Grid-stride sqrt: 1000 elements on only 2x64 threads, so each thread loops
with a runtime step; float32 sqrt is correctly rounded (exact compare)."""
import numpy as np
from harness import Case

N = 1000


def args(rng):
    x = (rng.random(N) * 100).astype(np.float32)
    x[:3] = [0.0, 1.0, 2.0]
    return [x, np.full(N, -1, np.float32)]


CASES = [
    Case("05_grid_stride_loop.py", "sqrt_all", grid=(2,), block=(64,), args=args,
         expect=lambda a: {1: np.sqrt(a[0])}),
    Case("05_grid_stride_loop.py", "sqrt_all", grid=(8,), block=(128,), args=args,
         expect=lambda a: {1: np.sqrt(a[0])}, name="one_pass"),
]
