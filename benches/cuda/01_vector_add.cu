// 01_vector_add.py: element-wise vector addition.
extern "C" __global__ void vector_add(const float *a, const float *b, float *out, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = a[i] + b[i];
}
