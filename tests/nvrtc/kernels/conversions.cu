// Conversions.  float -> int truncates (cvt.rzi) and, at the PTX level,
// saturates out-of-range values and maps NaN to 0; the __float2int_r? family
// picks the rounding; int -> float rounds to nearest even.  out_i is [8][n],
// out_f is [6][n], out_d is [2][n].
extern "C" __global__ void conversions(const float *f, const int *iv, const long long *lv, int *out_i,
                                       float *out_f, double *out_d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = f[i];
    out_i[0 * n + i] = (int)x;
    out_i[1 * n + i] = __float2int_rn(x);
    out_i[2 * n + i] = __float2int_rd(x);
    out_i[3 * n + i] = __float2int_ru(x);
    out_i[4 * n + i] = (int)(unsigned)x;
    out_i[5 * n + i] = (int)lrintf(x);
    out_i[6 * n + i] = (int)roundf(x);
    out_i[7 * n + i] = (int)(short)iv[i] + (int)(signed char)iv[i] * 65536 + (int)(unsigned char)(iv[i] >> 8);
    out_f[0 * n + i] = (float)iv[i];
    out_f[1 * n + i] = (float)(unsigned)iv[i];
    out_f[2 * n + i] = (float)lv[i];
    out_f[3 * n + i] = __int2float_rz(iv[i]);
    out_f[4 * n + i] = rintf(x) + __saturatef(x);
    out_f[5 * n + i] = (float)((double)x * 1.0000001);
    out_d[0 * n + i] = (double)lv[i];
    out_d[1 * n + i] = (double)(unsigned long long)lv[i] + (double)x;
}
