// 84_particle_step.py: particle integration with tuple-returning device
// functions (fastmath=True in the Python, hence --use_fast_math).
// nvrtc: --use_fast_math
struct pv { double p, v; };
__device__ pv reflect(double p, double v, double lo, double hi)
{
    if (p < lo)
        return {2 * lo - p, -v};
    if (p > hi)
        return {2 * hi - p, -v};
    return {p, v};
}
__device__ pv euler(double p, double v, double a, double dt)
{
    double v2 = v + a * dt;
    return {p + v2 * dt, v2};
}
extern "C" __global__ void step(float *pos, long long n, long long pcols, float *vel, long long vcols,
                                float dt, float box)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    for (long long d = 0; d < 2; d++) {
        double gravity = d == 1 ? -9.81 : 0.0;
        pv r = euler(pos[i * pcols + d], vel[i * vcols + d], gravity, dt);
        r = reflect(r.p, r.v, 0.0, box);
        pos[i * pcols + d] = (float)r.p;
        vel[i * vcols + d] = (float)r.v;
    }
}
