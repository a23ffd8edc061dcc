"""52: if/elif/else chains.  grade maps f64 scores to letters (boundaries are
inclusive; NaN falls through to 'F'); quadrant labels a 2-d int32 array by
quadrant on a 2-d grid with odd sizes (guards on both axes)."""
import numpy as np
from harness import Case


def grade_args(rng):
    s = rng.uniform(-10, 110, 500)
    s[:8] = [90.0, 80.0, 70.0, 60.0, np.nextafter(90.0, 0), np.nan, -np.inf, np.inf]
    return [s, np.zeros(500, np.int8)]


def grade_expect(a):
    s = a[0]
    return {1: np.select([s >= 90, s >= 80, s >= 70, s >= 60], [65, 66, 67, 68], 70).astype(np.int8)}


def quad_expect(a):
    r, c = a[0].shape
    i, j = np.indices((r, c))
    return {0: ((i >= r // 2) * 2 + (j >= c // 2)).astype(np.int32)}


CASES = [
    Case("52_if_elif_else.py", "grade", grid=(4,), block=(128,), args=grade_args, expect=grade_expect),
    Case("52_if_elif_else.py", "quadrant", grid=(5, 6), block=(8, 8),
         args=lambda rng: [np.full((37, 45), -1, np.int32)], expect=quad_expect),
]
