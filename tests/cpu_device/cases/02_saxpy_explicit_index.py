"""saxpy: y = alpha*x + y in float32 with a hand-computed index; checks the
tail guard (n not a multiple of the block) over several blocks."""
import numpy as np
from harness import Case, fma

N = 1000


def args(rng):
    x = rng.standard_normal(N).astype(np.float32)
    y = rng.standard_normal(N).astype(np.float32)
    return [np.float32(-1.75), x, y]


CASES = [
    Case("02_saxpy_explicit_index.py", "saxpy", grid=(8,), block=(128,), args=args,
         expect=lambda a: {2: a[0] * a[1] + a[2]},
         fused=lambda a: {2: fma(a[0], a[1], a[2])}),
]
