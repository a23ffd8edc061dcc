// Real calls: __noinline__ device functions (call.uni with .param passing),
// a recursive function (stack frame), and a helper with no execution-space
// annotation, which is a device function because the spec compiles this file
// with -default-device.
__noinline__ int collatz_steps(long long v, int limit)
{
    int steps = 0;
    while (v != 1) {
        if (steps >= limit)
            break;
        v = (v & 1) ? 3 * v + 1 : v / 2;
        ++steps;
    }
    return steps;
}

__noinline__ __device__ unsigned gcd_rec(unsigned a, unsigned b)
{
    return b == 0 ? a : gcd_rec(b, a % b);
}

__noinline__ __device__ float horner(const float *c, int deg, float x)
{
    float r = c[deg];
    for (int k = deg - 1; k >= 0; --k)
        r = __fadd_rn(__fmul_rn(r, x), c[k]);
    return r;
}

extern "C" __global__ void calls(const int *in, const unsigned *ua, const unsigned *ub, const float *coef,
                                 const float *xs, int *steps, unsigned *g, float *poly, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    steps[i] = collatz_steps(in[i], 200);
    g[i] = gcd_rec(ua[i], ub[i]);
    poly[i] = horner(coef, 5, xs[i]);
}
