"""1-D box stencil (radius 3) with a shared-memory halo; 1000 elements on
8 blocks of TPB=128, zero padding at both ends.  acc sums in float32 in offset
order, then acc / 7 is a float64 division stored to float32."""
import numpy as np
from harness import Case

N, R = 1000, 3


def expect(a):
    x = np.concatenate([np.zeros(R, np.float32), a[0], np.zeros(R, np.float32)])
    acc = np.zeros(N, np.float32)
    for off in range(-R, R + 1):
        acc = acc + x[R + off:R + off + N]
    return {1: (acc.astype(np.float64) / 7).astype(np.float32)}


CASES = [
    Case("17_stencil_1d.py", "stencil_1d", grid=(8,), block=(128,),
         args=lambda rng: [rng.standard_normal(N).astype(np.float32), np.full(N, np.nan, np.float32)],
         expect=expect),
]
