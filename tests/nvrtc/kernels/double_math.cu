// Double precision: IEEE +,-,*,/,sqrt, fma and the math library.  out is [ND][n].
#define ND 12
extern "C" __global__ void double_math(const double *x, const double *y, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double a = x[i];  // in [-10, 10]
    double b = y[i];  // in [0.1, 10]
    out[0 * n + i] = a / b;
    out[1 * n + i] = sqrt(b);
    out[2 * n + i] = fma(a, b, -1.0);
    out[3 * n + i] = exp(a);
    out[4 * n + i] = log(b);
    out[5 * n + i] = sin(a);
    out[6 * n + i] = cos(a);
    out[7 * n + i] = pow(b, a * 0.5);
    out[8 * n + i] = tanh(a);
    out[9 * n + i] = floor(a * 3.0) + fmin(a, b) - fmax(a, -b);
    out[10 * n + i] = atan2(a, b);
    out[11 * n + i] = __dsub_rn(__dmul_rn((double)(float)a, b), __dmul_rn(a, b)); // no contraction
}
