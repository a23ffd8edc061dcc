# expect: error at line 8: 'cuda.shfl_sync' needs a scalar value, got array(float32, 1d, C)
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def broadcast(x, out):
    i = cuda.grid(1)
    v = cuda.shfl_sync(0xffffffff, x, 0)
    out[i] = v
