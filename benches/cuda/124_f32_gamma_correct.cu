// 124_f32_gamma_correct.py: gamma correction (float32 pow).
extern "C" __global__ void gamma_correct(float *img, long long rows, long long cols, float gamma)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long j = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    if (i < rows && j < cols) {
        float v = img[i * cols + j];
        if (v <= 0.0031308f)
            img[i * cols + j] = 12.92f * v;
        else
            img[i * cols + j] = 1.055f * powf(v, 1.0f / gamma) - 0.055f;
    }
}
