# expect: error at line 7: 'cuda.threadIdx' has no attribute 'w' (use .x, .y or .z)
from numba import cuda


@cuda.jit("void(int32[::1])")
def lanes(a):
    t = cuda.threadIdx.w
    a[t] = t
