# expect: error at line 11: atomic operations need a global or shared array; 'counts' is a local array
from numba import cuda, int32


@cuda.jit("void(uint8[::1], int32[::1])")
def per_thread_hist(data, out):
    counts = cuda.local.array(4, int32)
    for k in range(4):
        counts[k] = 0
    i = cuda.grid(1)
    cuda.atomic.add(counts, data[i] % 4, 1)
    out[i] = counts[0]
