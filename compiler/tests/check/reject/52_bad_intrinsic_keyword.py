# expect: error at line 7: 'cuda.shared.array' has no keyword argument 'type' (expected shape=, dtype=)
from numba import cuda, float32


@cuda.jit("void(float32[::1])")
def stage(x):
    buf = cuda.shared.array(shape=64, type=float32)
    t = cuda.threadIdx.x
    buf[t] = x[t]
