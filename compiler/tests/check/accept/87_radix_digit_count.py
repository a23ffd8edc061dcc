# Radix-sort digit histogram on unsigned 32-bit keys.
from numba import cuda, uint32

RADIX_BITS = 4
RADIX = 1 << RADIX_BITS
DIGIT_MASK = RADIX - 1


@cuda.jit("void(uint32[::1], int32, uint32[::1])")
def digit_histogram(keys, shift, counts):
    local = cuda.shared.array(RADIX, uint32)
    t = cuda.threadIdx.x
    if t < RADIX:
        local[t] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < keys.size:
        digit = (keys[i] >> shift) & DIGIT_MASK
        cuda.atomic.add(local, digit, 1)
    cuda.syncthreads()
    if t < RADIX:
        cuda.atomic.add(counts, t, local[t])
