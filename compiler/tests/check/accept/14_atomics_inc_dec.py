# Wrapping counters: cuda.atomic.inc / cuda.atomic.dec on unsigned arrays.
from numba import cuda


@cuda.jit("void(uint32[::1], uint32)")
def ring_counter(counters, limit):
    i = cuda.grid(1)
    old = cuda.atomic.inc(counters, 0, limit)
    if old == limit:
        cuda.atomic.dec(counters, 1, limit)
    if i == 0:
        cuda.atomic.inc(counters, 2, 7)


@cuda.jit("void(uint64[::1])")
def ring_counter64(counters):
    old = cuda.atomic.dec(counters, 0, 100)
    counters[1 + (old % 2)] = old
