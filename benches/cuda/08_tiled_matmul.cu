// 08_tiled_matmul.py: shared-memory tiled matmul on strided ("A" layout)
// float32 matrices (strides in elements).
#define TPB 16
extern "C" __global__ void fast_matmul(const float *A, long long ar, long long ac, long long as0, long long as1,
                                       const float *B, long long br, long long bc, long long bs0, long long bs1,
                                       float *C, long long cr, long long cc, long long cs0, long long cs1)
{
    __shared__ float sA[TPB][TPB];
    __shared__ float sB[TPB][TPB];
    long long x = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long y = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    long long tx = threadIdx.x;
    long long ty = threadIdx.y;
    long long bpg = gridDim.x;
    float tmp = 0.0f;
    for (long long i = 0; i < bpg; i++) {
        sA[ty][tx] = 0;
        sB[ty][tx] = 0;
        if (y < ar && (tx + i * TPB) < ac)
            sA[ty][tx] = A[y * as0 + (tx + i * TPB) * as1];
        if (x < bc && (ty + i * TPB) < br)
            sB[ty][tx] = B[(ty + i * TPB) * bs0 + x * bs1];
        __syncthreads();
        for (int j = 0; j < TPB; j++)
            tmp += sA[ty][j] * sB[j][tx];
        __syncthreads();
    }
    if (y < cr && x < cc)
        C[y * cs0 + x * cs1] = tmp;
}
