"""58: float16 storage.  half_add adds halves in half precision (one
rounding); half_to_single widens to float32, scales, halves back (rounded from
float64) and multiplies by the half scale in half precision."""
import numpy as np
from harness import Case

N = 500


def add_args(rng):
    a = (rng.standard_normal(N) * 100).astype(np.float16)
    b = (rng.standard_normal(N) * 100).astype(np.float16)
    a[:4] = [65504, 1e-7, -0.0, 2048]
    b[:4] = [32, 1e-7, 0.0, 1]  # overflow to inf, subnormals, signed zero, round-to-even
    return [a, b, np.zeros(N, np.float16)]


def h2s_args(rng):
    h = (rng.standard_normal(N) * 50).astype(np.float16)
    h[:3] = [6e-8, -0.0, 1000]
    return [h, np.zeros(N, np.float32), np.float16(1.375)]


def h2s_expect(a):
    h, f, scale = a
    f = h.astype(np.float32) * np.float32(scale)
    h2 = (f.astype(np.float64) * 0.5).astype(np.float16)
    w = h2 * np.float16(scale)  # float16 * float16 -> float16
    return {0: w, 1: f}


CASES = [
    Case("58_dtype_float16.py", "half_add", grid=(2,), block=(256,), args=add_args,
         expect=lambda a: {2: a[0] + a[1]}),
    Case("58_dtype_float16.py", "half_to_single", grid=(2,), block=(256,), args=h2s_args, expect=h2s_expect),
]
