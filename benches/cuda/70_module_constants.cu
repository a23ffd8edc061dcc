// 70_module_constants.py: module-level constants folded into the kernel.
#define BLOCK 32
#define ROWS 4
#define TILE (BLOCK * ROWS)
#define HALF_TILE (TILE / 2)
#define SCALE 0.5
#define EPS 1e-6
#define INV_SQRT_2PI 0.3989422804014327
#define MASK 0xff
#define OFFSET (-3)
#define USE_CLAMP 1
#define LIMIT (HALF_TILE - 1 + OFFSET)
extern "C" __global__ void use_consts(const float *x, long long nx, float *out, long long nout)
{
    __shared__ float buf[TILE];
    int t = threadIdx.x;
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t < TILE)
        buf[t] = i < nx ? (double)x[i] : 0.0;
    __syncthreads();
    if (i < nout) {
        double v = buf[t % HALF_TILE] * SCALE + EPS;
        v = v * INV_SQRT_2PI;
        if (USE_CLAMP)
            v = fmin(v, (double)LIMIT);
        out[i] = (float)(v + (double)(i & MASK) + OFFSET);
    }
}
