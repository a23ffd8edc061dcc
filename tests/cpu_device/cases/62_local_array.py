"""62: thread-private local arrays.  median_of_row insertion-sorts the first 8
entries of each row (rows have 11 columns; duplicates and infinities
included) and stores the mean of the middle two; local_matrix writes i * I3
through a 3x3 local matrix and an index array."""
import numpy as np
from harness import Case


def med_args(rng):
    m = rng.standard_normal((70, 11)).astype(np.float32)
    m[0, :8] = [3, 3, 3, 1, 1, 5, 5, 5]
    m[1, :8] = [np.inf, -np.inf, 0, 0, 1, 2, -1, np.inf]
    return [m, np.zeros(70, np.float32)]


def med_expect(a):
    s = np.sort(a[0][:, :8], axis=1)
    return {1: (0.5 * (s[:, 3] + s[:, 4]).astype(np.float64)).astype(np.float32)}


def loc_expect(a):
    n = a[0].shape[0]
    return {0: np.arange(n, dtype=np.float64)[:, None, None] * np.eye(3)}


CASES = [
    Case("62_local_array.py", "median_of_row", grid=(3,), block=(32,), args=med_args, expect=med_expect),
    Case("62_local_array.py", "local_matrix", grid=(2,), block=(32,),
         args=lambda rng: [np.full((50, 3, 3), 7.0)], expect=loc_expect),
]
