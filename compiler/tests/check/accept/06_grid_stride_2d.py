# 2-D grid-stride loops with cuda.gridsize(2).
from numba import cuda


@cuda.jit("void(float64[:, ::1], float64)")
def fill_2d(a, value):
    x0, y0 = cuda.grid(2)
    sx, sy = cuda.gridsize(2)
    rows, cols = a.shape
    for i in range(x0, rows, sx):
        for j in range(y0, cols, sy):
            a[i, j] = value + i * 0.5 - j
