# Dot product: per-thread grid-stride partial sums, shared-memory block
# reduction, one atomic add per block.
from numba import cuda, float64

THREADS = 128


@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def dot(a, b, result):
    cache = cuda.shared.array(THREADS, float64)
    tid = cuda.threadIdx.x
    temp = 0.0
    i = cuda.grid(1)
    while i < a.shape[0]:
        temp += a[i] * b[i]
        i += cuda.gridsize(1)
    cache[tid] = temp
    cuda.syncthreads()
    half = THREADS // 2
    while half != 0:
        if tid < half:
            cache[tid] += cache[tid + half]
        cuda.syncthreads()
        half //= 2
    if tid == 0:
        cuda.atomic.add(result, 0, cache[0])
