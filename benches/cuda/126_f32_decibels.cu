// 126_f32_decibels.py: decibels and octaves (float32 log10, log2, exp2, exp).
extern "C" __global__ void decibels(const float *power, long long n, float *db, float *octave)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float p = power[i];
        db[i] = 10.0f * log10f(p);
        octave[i] = exp2f(log2f(p) - 1.0f) + expf(-p);
    }
}
