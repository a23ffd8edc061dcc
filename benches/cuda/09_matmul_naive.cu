// 09_matmul_naive.py: naive matmul on C-contiguous float64 matrices.
extern "C" __global__ void matmul(const double *A, long long ar, long long ac,
                                  const double *B, long long br, long long bc,
                                  double *C, long long cr, long long cc)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long j = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    if (i < cr && j < cc) {
        double tmp = 0.0;
        for (long long k = 0; k < ac; k++)
            tmp += A[i * ac + k] * B[k * bc + j];
        C[i * cc + j] = tmp;
    }
}
