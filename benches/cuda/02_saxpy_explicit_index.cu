// 02_saxpy_explicit_index.py: SAXPY on strided ("A" layout) 1-d arrays.
extern "C" __global__ void saxpy(float alpha, const float *x, long long nx, long long sx,
                                 float *y, long long sy)
{
    long long tx = threadIdx.x;
    long long bx = blockIdx.x;
    long long bw = blockDim.x;
    long long i = bx * bw + tx;
    long long n = nx;
    if (i < n)
        y[i * sy] = alpha * x[i * sx] + y[i * sy];
}
