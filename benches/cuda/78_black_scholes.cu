// 78_black_scholes.py: Black-Scholes option pricing (float64).
#define RSQRT2 0.70710678118654752440
__device__ double cnd(double d)
{
    return 0.5 * (1.0 + erf(d * RSQRT2));
}
extern "C" __global__ void black_scholes(double *call, double *put, const double *stock, long long n,
                                         const double *strike, const double *years,
                                         double rate, double vol)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double s = stock[i];
    double x = strike[i];
    double t = years[i];
    double sqrt_t = sqrt(t);
    double d1 = (log(s / x) + (rate + 0.5 * vol * vol) * t) / (vol * sqrt_t);
    double d2 = d1 - vol * sqrt_t;
    double cnd_d1 = cnd(d1);
    double cnd_d2 = cnd(d2);
    double exp_rt = exp(-rate * t);
    call[i] = s * cnd_d1 - x * exp_rt * cnd_d2;
    put[i] = x * exp_rt * (1.0 - cnd_d2) - s * (1.0 - cnd_d1);
}
