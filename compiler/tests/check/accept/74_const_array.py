# kernelc: --const WEIGHTS=float32[16]
# A constant-memory lookup table from a module-level numpy array.
import numpy as np
from numba import cuda

WEIGHTS = np.arange(16, dtype=np.float32)


@cuda.jit("void(int32[::1], float32[::1])")
def lookup(idx, out):
    w = cuda.const.array_like(WEIGHTS)
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = w[idx[i] % 16] + w[-1] * 0


@cuda.jit("void(float32[::1])")
def weighted_sum(out):
    w = cuda.const.array_like(WEIGHTS)
    total = 0.0
    for k in range(w.size):
        total += w[k] * k
    out[cuda.grid(1)] = total
