"""169: dynamic shared memory is as long as the launch's bytes over the
item size: slices from its end, a strided slice's length, and indices from
`len()` of it."""
import numpy as np
from harness import Case


def reverse_expect(a):
    n = a[0].size
    x = np.full(n, 99, np.int32)
    view = x[-1::-2]
    view[:] = np.arange(1, len(view) + 1, dtype=np.int32)
    return {0: x}


def lengths_expect(a):
    n = 10  # 80 bytes of float64
    return {0: np.array([n, n, len(range(1, n, 3)), n], np.int64)}


def halves_expect(a):
    n, chunk = a[0].size, int(a[1])
    t = np.arange(n)
    smem = np.where(t < chunk, t, 100 + t).astype(np.int32)
    return {0: smem[n - 1 - t]}


CASES = [
    Case("169_shared_dynamic_slices.py", "reverse_stride", grid=(1,), block=(1,), shared=6 * 4,
         args=lambda rng: [np.zeros(6, np.int32)], expect=reverse_expect),
    Case("169_shared_dynamic_slices.py", "reverse_stride", grid=(1,), block=(1,), shared=7 * 4,
         args=lambda rng: [np.zeros(7, np.int32)], expect=reverse_expect),
    Case("169_shared_dynamic_slices.py", "lengths", grid=(1,), block=(1,), shared=80,
         args=lambda rng: [np.zeros(4, np.int64)], expect=lengths_expect),
    Case("169_shared_dynamic_slices.py", "halves", grid=(1,), block=(16,), shared=16 * 4,
         args=lambda rng: [np.zeros(16, np.int32), np.int64(8)], expect=halves_expect),
]
