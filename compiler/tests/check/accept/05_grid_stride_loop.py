# Grid-stride loop: range(start, stop, step) with a runtime step.
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def sqrt_all(x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = math.sqrt(x[i])
