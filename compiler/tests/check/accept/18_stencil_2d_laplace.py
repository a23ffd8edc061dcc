# 5-point Laplacian with chained comparisons for the interior test.
from numba import cuda


@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64)")
def laplace(u, out, h):
    i, j = cuda.grid(2)
    n, m = u.shape
    if 0 < i < n - 1 and 0 < j < m - 1:
        out[i, j] = (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1]
                     - 4.0 * u[i, j]) / (h * h)
    elif i < n and j < m:
        out[i, j] = 0.0


@cuda.jit("void(float32[:, :], float32[:, :])")
def jacobi_step(u, u_new):
    i, j = cuda.grid(2)
    if 1 <= i < u.shape[0] - 1 and 1 <= j < u.shape[1] - 1:
        u_new[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
