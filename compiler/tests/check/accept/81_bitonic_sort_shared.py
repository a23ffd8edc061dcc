# Bitonic sort of one block's worth of keys in shared memory.
from numba import cuda, int32

N = 256


@cuda.jit("void(int32[::1])")
def bitonic_sort(keys):
    s = cuda.shared.array(N, int32)
    t = cuda.threadIdx.x
    base = cuda.blockIdx.x * N
    s[t] = keys[base + t]
    cuda.syncthreads()
    k = 2
    while k <= N:
        j = k // 2
        while j > 0:
            ixj = t ^ j
            if ixj > t:
                ascending = (t & k) == 0
                a = s[t]
                b = s[ixj]
                if (a > b) == ascending:
                    s[t] = b
                    s[ixj] = a
            cuda.syncthreads()
            j >>= 1
        k <<= 1
    keys[base + t] = s[t]
