# Block-level tree reduction in shared memory, one atomic per block.
from numba import cuda, float32

TPB = 256


@cuda.jit("void(float32[::1], float32[::1])")
def block_sum(x, total):
    buf = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    if i < x.size:
        buf[tid] = x[i]
    else:
        buf[tid] = 0
    cuda.syncthreads()

    s = TPB // 2
    while s > 0:
        if tid < s:
            buf[tid] += buf[tid + s]
        cuda.syncthreads()
        s //= 2

    if tid == 0:
        cuda.atomic.add(total, 0, buf[0])


@cuda.jit("void(float64[::1], float64[::1])")
def block_sum_shift(x, partial):
    buf = cuda.shared.array(TPB, dtype=float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[tid] = x[i] if i < x.size else 0.0
    cuda.syncthreads()
    step = cuda.blockDim.x >> 1
    while step:
        if tid < step:
            buf[tid] = buf[tid] + buf[tid + step]
        cuda.syncthreads()
        step >>= 1
    if tid == 0:
        partial[cuda.blockIdx.x] = buf[0]
