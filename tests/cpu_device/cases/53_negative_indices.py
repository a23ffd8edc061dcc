"""53: negative indices wrap like Python.  wrap_index (thread 0) reads and
writes v[-1], v[-2], m[-1, -1], m[0, -1], m[-1, 0], m[-1, -2]; cyclic_diff
computes x[i] - x[i - 1], where i == 0 reads the last element; int32_offsets
reads x[int32(t - 4)], negative (wrapping) for the first four threads."""
import numpy as np
from harness import Case


def wrap_args(rng):
    return [rng.standard_normal(10).astype(np.float32), rng.standard_normal((4, 5)).astype(np.float32),
            np.full(4, 9.0, np.float32)]


def wrap_expect(a):
    v, m, out = a
    out = out.copy()
    out[0] = v[-1]
    out[1] = v[-2] + m[-1, -1]
    out[2] = m[0, -1] + m[-1, 0]
    v = v.copy()
    v[-1] = 0
    m = m.copy()
    m[-1, -2] = 1
    return {0: v, 1: m, 2: out}


CASES = [
    Case("53_negative_indices.py", "wrap_index", grid=(2,), block=(32,), args=wrap_args, expect=wrap_expect),
    Case("53_negative_indices.py", "cyclic_diff", grid=(2,), block=(128,),
         args=lambda rng: [rng.standard_normal(200), np.zeros(200)],
         expect=lambda a: {1: a[0] - np.roll(a[0], 1)}),
    Case("53_negative_indices.py", "int32_offsets", grid=(1,), block=(32,),
         args=lambda rng: [rng.standard_normal(40).astype(np.float32), np.zeros(24, np.float32)],
         expect=lambda a: {1: a[0][np.arange(24) - 4] + a[0][:24]}),
]
