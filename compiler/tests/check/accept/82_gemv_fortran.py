# Matrix-vector product on a Fortran-ordered (column-major) matrix.
from numba import cuda


@cuda.jit("void(float32[::1, :], float32[::1], float32[::1], float32, float32)")
def gemv(A, x, y, alpha, beta):
    row = cuda.grid(1)
    m, n = A.shape
    if row < m:
        acc = 0.0
        for col in range(n):
            acc += A[row, col] * x[col]
        y[row] = alpha * acc + beta * y[row]
