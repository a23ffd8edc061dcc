# expect: error at line 9: 'cuda.shared.array' shape must be an int or a tuple of ints, not float64
from numba import cuda, float32

TPB = 128.0


@cuda.jit("void(float32[::1])")
def stage(x):
    buf = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    buf[t] = x[t]
