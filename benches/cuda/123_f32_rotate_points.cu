// 123_f32_rotate_points.py: rotates 2-d points (float32 sin, cos).
extern "C" __global__ void rotate_points(const float *p, long long n, long long pcols,
                                         const float *theta, float *out, long long ocols)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float c = cosf(theta[i]);
        float s = sinf(theta[i]);
        out[i * ocols + 0] = c * p[i * pcols + 0] - s * p[i * pcols + 1];
        out[i * ocols + 1] = s * p[i * pcols + 0] + c * p[i * pcols + 1];
    }
}
