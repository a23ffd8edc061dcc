# expect: error at line 9: list comprehensions are not supported in kernels
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[::1])")
def row_sum(m, out):
    r = cuda.grid(1)
    if r < m.shape[0]:
        vals = [m[r, c] for c in range(m.shape[1])]
        out[r] = sum(vals)
