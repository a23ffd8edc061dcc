// CUDA math library, single precision.  out is [NF][n].  Also compiled with
// --use_fast_math by one spec (then sqrtf, /, expf, logf, sinf... become
// the .approx instructions).
#define NF 16
extern "C" __global__ void float_math(const float *x, const float *y, const float *z, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float a = x[i];  // in [-10, 10]
    float b = y[i];  // in [0.1, 10]
    float c = z[i];  // some NaNs
    out[0 * n + i] = sqrtf(fabsf(a));
    out[1 * n + i] = expf(a);
    out[2 * n + i] = logf(b);
    out[3 * n + i] = sinf(a);
    out[4 * n + i] = cosf(a);
    out[5 * n + i] = tanhf(a);
    out[6 * n + i] = powf(b, a * 0.5f);
    out[7 * n + i] = fminf(a, c);
    out[8 * n + i] = fmaxf(a, c);
    out[9 * n + i] = floorf(a * 3.0f);
    out[10 * n + i] = __fdividef(a, b);
    out[11 * n + i] = rsqrtf(b);
    out[12 * n + i] = a / b;
    out[13 * n + i] = fmaf(a, b, 1.0f);
    out[14 * n + i] = ceilf(a) + truncf(b * 0.75f);
    out[15 * n + i] = copysignf(b, a) + fabsf(a);
}
