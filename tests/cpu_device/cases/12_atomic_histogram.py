"""Histograms with atomics.  histogram: shared-memory bins cleared/flushed with
a block-strided loop (blockDim 96 < 256 bins and 512 > 256 bins), grid-stride
over the data.  histogram_float: k = int(((x-lo)/(hi-lo)) * nb) truncated
toward zero and clamped; nb = 32 is a power of two so the float64 scaling is
exact, values outside [lo, hi) land in the end bins."""
import numpy as np
from harness import Case


def hist_args(rng):
    data = rng.integers(0, 256, 5000, dtype=np.uint8)
    data[:100] = 255
    bins = np.arange(256, dtype=np.int32)  # non-zero start: bins accumulate
    return [data, bins]


def hist_expect(a):
    return {1: (a[1] + np.bincount(a[0], minlength=256)).astype(np.int32)}


def float_args(rng):
    x = (rng.random(1000) * 3 - 1).astype(np.float32)  # [-1, 2): below, inside and above [lo, hi)
    x[:4] = [0.0, 1.0, -0.01, 0.999]
    return [x, np.float32(0.0), np.float32(1.0), np.zeros(32, np.int32)]


def float_expect(a):
    x, lo, hi = a[0], a[1], a[2]
    t = ((x - lo) / (hi - lo)).astype(np.float64) * 32
    k = np.clip(np.trunc(t).astype(np.int64), 0, 31)
    return {3: np.bincount(k, minlength=32).astype(np.int32)}


CASES = [
    Case("12_atomic_histogram.py", "histogram", grid=(3,), block=(96,), args=hist_args, expect=hist_expect),
    Case("12_atomic_histogram.py", "histogram", grid=(2,), block=(512,), args=hist_args, expect=hist_expect,
         name="block512"),
    Case("12_atomic_histogram.py", "histogram_float", grid=(4,), block=(256,), args=float_args,
         expect=float_expect),
]
