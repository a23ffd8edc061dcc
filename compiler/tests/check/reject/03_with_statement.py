# expect: error at line 8: 'with' statements are not supported in kernels
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1])")
def guarded_increment(lock, counter):
    i = cuda.grid(1)
    with lock:
        counter[0] += i
