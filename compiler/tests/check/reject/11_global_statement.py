# expect: error at line 10: cannot assign to 'calls', declared global or nonlocal: globals are compile-time constants in kernels
from numba import cuda

calls = 0


@cuda.jit("void(int32[::1])")
def count_calls(a):
    global calls
    calls += 1
    a[cuda.grid(1)] = calls
