# expect: error at line 8: generators ('yield') are not supported
from numba import cuda


@cuda.jit(device=True)
def evens(n):
    for k in range(0, n, 2):
        yield k


@cuda.jit("void(int32[::1])")
def fill_evens(a):
    j = 0
    for v in evens(a.size):
        a[j] = v
        j += 1
