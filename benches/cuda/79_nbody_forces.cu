// 79_nbody_forces.py: all-pairs n-body acceleration with shared tiles.
#define TILE 64
#define SOFTENING 1e-3f
extern "C" __global__ void nbody_accel(const float *pos, long long n, long long pcols,
                                       float *acc, long long acols)
{
    __shared__ float sh[TILE][4];
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    float px = i < n ? pos[i * pcols + 0] : 0.0f;
    float py = i < n ? pos[i * pcols + 1] : 0.0f;
    float pz = i < n ? pos[i * pcols + 2] : 0.0f;
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    long long ntiles = (n + TILE - 1) / TILE;
    for (long long tile = 0; tile < ntiles; tile++) {
        long long j = tile * TILE + threadIdx.x;
        if (j < n) {
            for (int c = 0; c < 4; c++)
                sh[threadIdx.x][c] = pos[j * pcols + c];
        } else {
            for (int c = 0; c < 4; c++)
                sh[threadIdx.x][c] = 0;
        }
        __syncthreads();
        for (int k = 0; k < TILE; k++) {
            float dx = sh[k][0] - px;
            float dy = sh[k][1] - py;
            float dz = sh[k][2] - pz;
            float r2 = dx * dx + dy * dy + dz * dz + SOFTENING;
            float inv = 1.0f / sqrtf(r2);
            float s = sh[k][3] * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        __syncthreads();
    }
    if (i < n) {
        acc[i * acols + 0] = ax;
        acc[i * acols + 1] = ay;
        acc[i * acols + 2] = az;
    }
}
