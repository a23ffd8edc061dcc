# expect: error at line 2: unsupported import of module 'os'
import os

from numba import cuda


@cuda.jit("void(int32[::1])")
def fill_pid(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = os.getpid()
