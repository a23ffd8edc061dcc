"""156: NumPy arrays read by their module-level names (frozen constant
arrays).  lookup stores TABLE[i % 5] + GRID[i % 3, i % 4] + 2 * TABLE[i % 5]
+ TABLE[-1] * 2 (the last from a device function); spin stores
re(z) - im(z) + 2 for z = ROOTS[i % 2], in float32."""
import numpy as np
from harness import Case

TABLE = np.float64([0.5, -1.25, 2.0, 3.75, 8.0])
GRID = np.arange(12, dtype=np.int32).reshape(3, 4)
ROOTS = np.array([1 + 2j, -0.5j], dtype=np.complex64)
CONSTS = {"TABLE": TABLE, "GRID": GRID, "ROOTS": ROOTS}


def lookup_expect(a):
    i = np.arange(a[0].size)
    return {0: TABLE[i % 5] + GRID[i % 3, i % 4] + TABLE[i % 5] * 2 + TABLE[-1] * 2}


def spin_expect(a):
    z = ROOTS[np.arange(a[0].size) % 2]
    return {0: ((z.real - z.imag).astype(np.float64) + 2).astype(np.float32)}


CASES = [
    Case("156_global_const_array.py", "lookup", grid=(2,), block=(64,), consts=CONSTS,
         args=lambda rng: [np.zeros(100)], expect=lookup_expect),
    Case("156_global_const_array.py", "spin", grid=(1,), block=(32,), consts=CONSTS,
         args=lambda rng: [np.zeros(20, np.float32)], expect=spin_expect),
]
