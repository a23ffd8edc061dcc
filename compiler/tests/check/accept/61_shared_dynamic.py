# Dynamic shared memory: cuda.shared.array(0, dtype) sized at launch.
from numba import cuda, float32, int32


@cuda.jit("void(float32[::1], float32[::1])")
def reverse_block(x, out):
    buf = cuda.shared.array(0, float32)
    t = cuda.threadIdx.x
    n = cuda.blockDim.x
    i = cuda.grid(1)
    if i < x.size:
        buf[t] = x[i]
    cuda.syncthreads()
    if i < x.size:
        out[i] = buf[n - 1 - t]


@cuda.jit("void(int32[::1])")
def dynamic_int(a):
    scratch = cuda.shared.array(shape=0, dtype=int32)
    t = cuda.threadIdx.x
    scratch[t] = t * 2
    cuda.syncthreads()
    a[cuda.grid(1)] = scratch[(t + 1) % cuda.blockDim.x]
