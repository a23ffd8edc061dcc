"""75: constant-memory tables.  conv3x3 convolves the interior of an image
with a 3x3 float64 filter (accumulated in the kernel's di, dj order; the
border of out is left alone); popcount3 looks up LUT[x & 7] for uint8 x."""
import numpy as np
from harness import Case

KERNEL = np.array([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]], dtype=np.float64) / 16.0
LUT = np.array([0, 1, 1, 2, 1, 2, 2, 3], dtype=np.int32)
CONSTS = {"KERNEL": KERNEL, "LUT": LUT}


def conv_expect(a):
    img, out = a
    out = out.copy()
    n, m = img.shape
    acc = np.zeros((n - 2, m - 2))
    for di in range(3):
        for dj in range(3):
            acc = acc + KERNEL[di, dj] * img[di:di + n - 2, dj:dj + m - 2]
    out[1:-1, 1:-1] = acc
    return {1: out}


CASES = [
    Case("75_const_array_2d.py", "conv3x3", grid=(4, 3), block=(8, 16), consts=CONSTS,
         args=lambda rng: [rng.standard_normal((29, 41)), np.full((29, 41), -5.0)], expect=conv_expect),
    Case("75_const_array_2d.py", "popcount3", grid=(2,), block=(128,), consts=CONSTS,
         args=lambda rng: [rng.integers(0, 256, 250, dtype=np.uint8), np.zeros(250, np.int32)],
         expect=lambda a: {1: LUT[a[0] & 7]}),
]
