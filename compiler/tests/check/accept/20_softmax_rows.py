# Row-wise softmax: max, exp, sum, normalise (one thread per row).
import math

from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def softmax_rows(x, out):
    row = cuda.grid(1)
    if row >= x.shape[0]:
        return
    ncols = x.shape[1]
    m = -math.inf
    for j in range(ncols):
        m = max(m, x[row, j])
    total = 0.0
    for j in range(ncols):
        e = math.exp(x[row, j] - m)
        out[row, j] = e
        total += e
    inv = 1.0 / total
    for j in range(ncols):
        out[row, j] *= inv


@cuda.jit("void(float64[:, :], float64[::1])")
def log_sum_exp(x, out):
    row = cuda.grid(1)
    if row < x.shape[0]:
        m = x[row, 0]
        for j in range(1, x.shape[1]):
            if x[row, j] > m:
                m = x[row, j]
        s = 0.0
        for j in range(x.shape[1]):
            s += math.exp(x[row, j] - m)
        out[row] = m + math.log(s)
