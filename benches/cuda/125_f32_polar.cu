// 125_f32_polar.py: cartesian to polar (float32 atan2, hypot, tan).
extern "C" __global__ void polar(const float *x, long long n, const float *y, float *angle,
                                 float *slope)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = atan2f(y[i], x[i]);
        angle[i] = a;
        slope[i] = tanf(a) * hypotf(x[i], y[i]);
    }
}
