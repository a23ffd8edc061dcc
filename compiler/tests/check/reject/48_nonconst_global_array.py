# expect: error at line 13: module global 'offsets' is not a compile-time constant (use cuda.const.array_like(offsets) or pass it as an argument)
import numpy as np
from numba import cuda

offsets = np.zeros(4, dtype=np.float32)
offsets[1] = 0.5


@cuda.jit("void(float32[::1])")
def shift(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += offsets[i % 4]
