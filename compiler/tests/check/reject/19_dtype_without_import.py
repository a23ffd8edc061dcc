# expect: error at line 7: unknown name 'float32' (import it: from numba import float32)
from numba import cuda


@cuda.jit("void(float32[::1])")
def stage(x):
    buf = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    buf[t] = x[cuda.grid(1)]
    cuda.syncthreads()
    x[cuda.grid(1)] = buf[63 - t]
