// __constant__ memory filled by the host (runner: --const taps=... --const bias=...):
// a 1-D convolution with constant taps, clamped at the edges.
#define NTAPS 9
__constant__ float taps[NTAPS];
__constant__ int bias[4];

extern "C" __global__ void conv1d_const(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float acc = 0.0f;
    for (int k = 0; k < NTAPS; ++k) {
        int j = min(max(i + k - NTAPS / 2, 0), n - 1);
        acc += taps[k] * in[j];
    }
    out[i] = acc + (float)bias[i & 3];
}
