# expect: error at line 7: 'cuda.grid' takes 1, 2 or 3 dimensions, not 4
from numba import cuda


@cuda.jit("void(float32[:, :, ::1])")
def hyper(x):
    a, b, c, d = cuda.grid(4)
    x[a, b, c] = d
