"""87: radix-sort digit histogram: per-block shared counts of the 4-bit digit
(keys >> shift) & 15 via shared atomics, then added atomically to counts
(which start non-zero).  Shifts 0, 4 and 28 (the top digit)."""
import numpy as np
from harness import Case

N = 1000


def args(shift):
    def make(rng):
        k = rng.integers(0, 2**32, N, dtype=np.uint32)
        k[:3] = [0, 2**32 - 1, 0x12345678]
        return [k, np.int32(shift), np.arange(16, dtype=np.uint32) * 100]
    return make


def expect(a):
    d = (a[0] >> np.uint32(int(a[1]))) & np.uint32(15)
    return {2: (a[2] + np.bincount(d, minlength=16)).astype(np.uint32)}


CASES = [
    Case("87_radix_digit_count.py", "digit_histogram", grid=(4,), block=(256,), args=args(s), expect=expect,
         name=f"shift{s}")
    for s in (0, 4, 28)
]
