# expect: error at line 9: 'cuda.atomic.add' takes 3 arguments (array, index, value), 2 given
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1])")
def count(flags, counter):
    i = cuda.grid(1)
    if i < flags.size and flags[i] != 0:
        cuda.atomic.add(counter, 0)
