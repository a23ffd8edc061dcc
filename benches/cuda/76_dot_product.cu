// 76_dot_product.py: grid-stride partial sums, shared reduction, atomic add.
#define THREADS 128
extern "C" __global__ void dot(const double *a, long long n, const double *b, double *result)
{
    __shared__ double cache[THREADS];
    long long tid = threadIdx.x;
    double temp = 0.0;
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) {
        temp += a[i] * b[i];
        i += (long long)gridDim.x * blockDim.x;
    }
    cache[tid] = temp;
    __syncthreads();
    long long half = THREADS / 2;
    while (half != 0) {
        if (tid < half)
            cache[tid] += cache[tid + half];
        __syncthreads();
        half /= 2;
    }
    if (tid == 0)
        atomicAdd(&result[0], cache[0]);
}
