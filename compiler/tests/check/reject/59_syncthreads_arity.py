# expect: error at line 9: 'cuda.syncthreads' takes no arguments, 1 given
from numba import cuda


@cuda.jit("void(float32[::1])")
def step(x):
    i = cuda.grid(1)
    x[i] += 1.0
    cuda.syncthreads(1)
    x[i] *= 2.0
