"""130: records in local and shared arrays (module-level record dtypes with
an array field and nested records). References computed with NumPy."""
import numpy as np
from harness import Case


def tally(args):
    xs, out = args
    out = out.copy()
    for i in range(xs.size):
        s = 0.0
        for k in range(3):
            x = np.float32(np.float64(xs[i]) * k)
            y = -xs[i]
            s += float(np.float32(x + y)) + float(k * 2 * k)
        out[i] = s + float(xs[i]) + 7 + 1
    return {1: out}


def block_pairs(args):
    xs, out = args
    out = out.copy()
    for i in range(xs.size):
        t = i % 32
        out[i] = np.float32(xs[i - t + (t + 1) % 32] + np.float32(t))
    return {1: out}


CASES = [
    Case("130_record_memory.py", "tally", grid=(2,), block=(16,),
         args=lambda rng: [rng.standard_normal(30).astype(np.float32), np.zeros(30)],
         expect=tally),
    Case("130_record_memory.py", "block_pairs", grid=(3,), block=(32,),
         args=lambda rng: [rng.standard_normal(96).astype(np.float32), np.zeros(96, np.float32)],
         expect=block_pairs),
]
