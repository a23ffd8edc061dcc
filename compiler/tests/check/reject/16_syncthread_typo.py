# expect: error at line 12: 'cuda' has no attribute 'syncthread' (did you mean 'syncthreads'?)
from numba import cuda, float32

TPB = 128


@cuda.jit("void(float32[::1])")
def shift_left(x):
    buf = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    buf[t] = x[cuda.grid(1)]
    cuda.syncthread()
    x[cuda.grid(1)] = buf[(t + 1) % TPB]
