# expect: error at line 7: 'cuda.shared.array' needs a constant shape; 'n' is a runtime value
from numba import cuda, float32


@cuda.jit("void(float32[::1], int32)")
def stage(x, n):
    buf = cuda.shared.array(n, float32)
    t = cuda.threadIdx.x
    if t < n:
        buf[t] = x[t]
    cuda.syncthreads()
    x[t] = buf[n - 1 - t]
