# expect: error at line 9: 'global' statements are not supported in kernels
from numba import cuda

calls = 0


@cuda.jit("void(int32[::1])")
def count_calls(a):
    global calls
    calls += 1
    a[cuda.grid(1)] = calls
