# expect: error at line 9: a device function returns a scalar or a tuple of scalars, not array(float32, 2d, C)
from numba import cuda


@cuda.jit(device=True)
def row_buffer(m, r):
    if r < 0:
        r = 0
    return m


@cuda.jit("void(float32[:, ::1])")
def touch(m):
    r = cuda.grid(1)
    b = row_buffer(m, r)
    b[r, 0] = 1.0
