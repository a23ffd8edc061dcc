// 82_gemv_fortran.py: matrix-vector product on a column-major matrix.
extern "C" __global__ void gemv(const float *A, long long m, long long n, const float *x,
                                float *y, float alpha, float beta)
{
    long long row = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (row < m) {
        double acc = 0.0;
        for (long long col = 0; col < n; col++)
            acc += A[row + col * m] * x[col];
        y[row] = (float)(alpha * acc + beta * y[row]);
    }
}
