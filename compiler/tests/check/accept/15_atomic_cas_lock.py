# A spin lock built from cuda.atomic.cas, with memory fences.
from numba import cuda


@cuda.jit("void(int32[::1], float64[::1])")
def locked_accumulate(lock, total):
    # one thread per block enters the critical section
    if cuda.threadIdx.x == 0:
        while cuda.atomic.cas(lock, 0, 0, 1) != 0:
            pass
        cuda.threadfence()
        total[0] += 1.0
        total[1] = total[1] + cuda.blockIdx.x
        cuda.threadfence()
        cuda.atomic.exch(lock, 0, 0)


@cuda.jit("void(uint64[::1], uint64)")
def claim_slot(slots, ticket):
    i = cuda.grid(1)
    if i < slots.size:
        old = cuda.atomic.cas(slots, i, 0, ticket)
        if old != 0:
            return
