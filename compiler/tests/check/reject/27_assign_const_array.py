# kernelc: --const TABLE=float32[8]
# expect: error at line 13: cannot store into a constant array ('cuda.const.array_like' is read-only)
import numpy as np
from numba import cuda

TABLE = np.linspace(0, 1, 8).astype(np.float32)


@cuda.jit("void(float32[::1])")
def normalise_table(out):
    t = cuda.const.array_like(TABLE)
    i = cuda.grid(1)
    t[i % 8] = t[i % 8] / 2
    out[i] = t[i % 8]
