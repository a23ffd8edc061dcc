"""57: unsigned element types.  unsigned_ops computes a8+a16, a32*a64 and
a32-1 in uint64 (so a32 == 0 gives 2**64-1) and truncating stores to uint8 /
uint16; rgb_to_gray weights uint8 channels in float64 and stores float32 on a
2-d grid.

The simulator does uint8+uint16 in uint16 and uint32-uint32 in uint32, so its
case avoids a32 == 0 and a8+a16 >= 2**16; "uint64_promotion" covers those."""
import numpy as np
from harness import Case

N = 300
M64 = (1 << 64) - 1


def uns_args(rng, promote):
    a8 = rng.integers(0, 256, N, dtype=np.uint8)
    a16 = rng.integers(0, 65536 - 256, N, dtype=np.uint16)
    a32 = rng.integers(1, 2**32, N, dtype=np.uint32)
    a64 = rng.integers(0, 2**64, N, dtype=np.uint64)
    a8[:3] = [255, 0, 255]
    a16[:3] = [65535 - 255, 0, 1]
    a32[:3] = [1, 2**32 - 1, 2]
    if promote:
        a16[3:6] = [65535, 65535, 300]
        a32[3:6] = [0, 0, 0]
    return [a8, a16, a32, a64]


def uns_expect(a):
    a8, a16, a32, a64 = ([int(v) for v in x] for x in a)
    s = [x + y for x, y in zip(a8, a16)]
    out64 = [(si + (c * d) + (c - 1)) & M64 for si, c, d in zip(s, a32, a64)]
    return {0: np.array([si & 0xff for si in s], np.uint8), 1: np.array([si & 0xffff for si in s], np.uint16),
            3: np.array(out64, np.uint64)}


def gray_args(rng):
    return [rng.integers(0, 256, (21, 30, 3), dtype=np.uint8), np.zeros((21, 30), np.float32)]


def gray_expect(a):
    img = a[0].astype(np.float64)
    g = 0.299 * img[..., 0] + 0.587 * img[..., 1] + 0.114 * img[..., 2]
    return {1: g.astype(np.float32)}


CASES = [
    Case("57_dtype_unsigned_ints.py", "unsigned_ops", grid=(3,), block=(128,), args=lambda r: uns_args(r, False),
         expect=uns_expect),
    Case("57_dtype_unsigned_ints.py", "unsigned_ops", grid=(3,), block=(128,), args=lambda r: uns_args(r, True),
         expect=uns_expect, name="uint64_promotion",
         numba_skip="simulator computes uint8+uint16 in uint16 and uint32-1 in uint32; Numba uses uint64"),
    Case("57_dtype_unsigned_ints.py", "rgb_to_gray", grid=(3, 4), block=(8, 8), args=gray_args, expect=gray_expect),
]
