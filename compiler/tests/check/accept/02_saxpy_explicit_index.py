# SAXPY with the thread index computed by hand from the special registers.
from numba import cuda


@cuda.jit("void(float32, float32[:], float32[:])")
def saxpy(alpha, x, y):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    bw = cuda.blockDim.x
    i = bx * bw + tx
    n = len(x)
    if i < n:
        y[i] = alpha * x[i] + y[i]
