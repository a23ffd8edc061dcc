"""Device functions returning tuples: floor divmod by 7 on negative int64,
float32 polar coordinates, and (row, col, flat) index decomposition over a
7x9 float64 matrix."""
import numpy as np
from harness import Case

F = np.float32


def polar_expect(a):
    x, y = a[0][:, 0], a[0][:, 1]
    r = np.sqrt(x * x + y * y)
    t = np.arctan2(y.astype(np.float64), x.astype(np.float64)).astype(F)
    return {1: np.stack([r, t], axis=1)}


def mixed_expect(a):
    n, m = a[0].shape
    row, col = np.indices((n, m))
    return {0: np.sqrt(1.0 + col.astype(np.float64) ** 2) + (row * m + col)}


CASES = [
    Case("41_device_fn_tuple.py", "split", grid=(2,), block=(64,),
         args=lambda rng: [rng.integers(-1000, 1000, 100), np.zeros(100, np.int64), np.zeros(100, np.int64)],
         expect=lambda a: {1: a[0] // 7, 2: a[0] % 7}),
    Case("41_device_fn_tuple.py", "cartesian_to_polar", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal((100, 2)).astype(F), np.zeros((100, 2), F)],
         expect=polar_expect, rtol=1e-6, atol=1e-7),
    Case("41_device_fn_tuple.py", "mixed_tuple", grid=(2,), block=(64,),
         args=lambda rng: [np.full((7, 9), np.nan)], expect=mixed_expect),
]
