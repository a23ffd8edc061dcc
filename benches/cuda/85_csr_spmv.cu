// 85_csr_spmv.py: CSR sparse matrix-vector product, one thread per row.
extern "C" __global__ void spmv_csr(const int *indptr, long long indptr_size, const int *indices,
                                    const float *data, const float *x, float *y)
{
    long long row = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long nrows = indptr_size - 1;
    if (row < nrows) {
        int start = indptr[row];
        int end = indptr[row + 1];
        double acc = 0.0;
        for (long long jj = start; jj < end; jj++)
            acc += data[jj] * x[indices[jj]];
        y[row] = (float)acc;
    }
}
