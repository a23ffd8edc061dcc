// 122_f32_softplus.py: softplus and log-sigmoid (float32 exp, log, log1p).
extern "C" __global__ void softplus(const float *x, long long n, float *out, float *logsig)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        out[i] = logf(1.0f + expf(v));
        logsig[i] = -log1pf(expf(-v));
    }
}
