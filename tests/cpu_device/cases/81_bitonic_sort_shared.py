"""81: bitonic sort of each block's 256 keys in shared memory (blocks must have
N = 256 threads); keys include duplicates and the int32 extremes."""
import numpy as np
from harness import Case


def args(rng):
    k = rng.integers(-1000, 1000, 3 * 256).astype(np.int32)
    k[:4] = [np.iinfo(np.int32).max, np.iinfo(np.int32).min, 0, 0]
    k[256:512] = rng.integers(0, 4, 256)  # many duplicates
    return [k]


CASES = [
    Case("81_bitonic_sort_shared.py", "bitonic_sort", grid=(3,), block=(256,), args=args,
         expect=lambda a: {0: np.sort(a[0].reshape(3, 256), axis=1).reshape(-1)}),
]
