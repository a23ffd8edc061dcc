# Sparse matrix-vector product in CSR format (one thread per row).
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], float32[::1], float32[::1], float32[::1])")
def spmv_csr(indptr, indices, data, x, y):
    row = cuda.grid(1)
    nrows = indptr.size - 1
    if row < nrows:
        start = indptr[row]
        end = indptr[row + 1]
        acc = float(0)
        for jj in range(start, end):
            acc += data[jj] * x[indices[jj]]
        y[row] = acc
