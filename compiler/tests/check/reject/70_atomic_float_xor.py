# expect: error at line 8: 'cuda.atomic.xor' needs an integer array, got array(float32, 1d, C)
from numba import cuda


@cuda.jit("void(float32[::1])")
def flip(x):
    i = cuda.grid(1)
    cuda.atomic.xor(x, 0, 1)
