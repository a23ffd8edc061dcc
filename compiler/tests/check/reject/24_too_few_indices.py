# expect: error at line 9: 1 index given for a 2-d array; element access needs 2 (slices/views are not supported)
from numba import cuda


@cuda.jit("void(float32[:, ::1])")
def zero_rows(m):
    r = cuda.grid(1)
    if r < m.shape[0]:
        m[r] = 0.0
