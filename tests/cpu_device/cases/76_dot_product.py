"""76: dot product with grid-stride partial sums, a 128-thread shared-memory
tree and one float64 atomic add per block into result[0] (which starts at
1.5).  The "integers" case uses integer-valued inputs, so every sum is exact
and the order of the atomic adds does not matter; the "random" case needs a
tolerance for that order.  Blocks must have THREADS = 128 threads."""
import numpy as np
from harness import Case

N = 5000


def int_args(rng):
    return [rng.integers(-100, 101, N).astype(np.float64), rng.integers(-100, 101, N).astype(np.float64),
            np.array([1.5])]


def rand_args(rng):
    return [rng.standard_normal(N), rng.standard_normal(N), np.array([1.5])]


CASES = [
    Case("76_dot_product.py", "dot", grid=(7,), block=(128,), args=int_args, name="integers",
         expect=lambda a: {2: np.array([1.5 + a[0] @ a[1]])}),
    Case("76_dot_product.py", "dot", grid=(7,), block=(128,), args=rand_args, name="random",
         expect=lambda a: {2: np.array([1.5 + a[0] @ a[1]])}, rtol=1e-12),
]
