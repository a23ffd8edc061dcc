# 2-D matrix addition with cuda.grid(2) tuple unpacking.
from numba import cuda


@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :])")
def matrix_add(a, b, c):
    row, col = cuda.grid(2)
    if row < c.shape[0] and col < c.shape[1]:
        c[row, col] = a[row, col] + b[row, col]
