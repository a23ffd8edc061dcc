// Integer semantics: truncating division and remainder with negative operands,
// arithmetic vs logical shifts, unsigned wrap-around, 64-bit multiply/divide,
// high-half multiplies and bit intrinsics.  out32 is [NC32][n], out64 [NC64][n].
#define NC32 16
#define NC64 8
extern "C" __global__ void int_arith(const int *a, const int *b, const long long *la, const long long *lb,
                                     int *out32, long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];          // y != 0
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    int sh = y & 31;
    out32[0 * n + i] = x / y;
    out32[1 * n + i] = x % y;
    out32[2 * n + i] = x >> sh;                 // arithmetic
    out32[3 * n + i] = (int)(ux >> sh);         // logical
    out32[4 * n + i] = (int)(ux << sh);
    out32[5 * n + i] = (int)(ux * uy + 0x9e3779b9u); // wraps
    out32[6 * n + i] = (int)(ux / (uy | 1u));
    out32[7 * n + i] = (int)(ux % (uy | 1u));
    out32[8 * n + i] = __mulhi(x, y);
    out32[9 * n + i] = (int)__umulhi(ux, uy);
    out32[10 * n + i] = x / 7;                  // constant divisor (mul.hi trick)
    out32[11 * n + i] = x % -5;
    out32[12 * n + i] = abs(x) - min(x, y) + max(x, y);
    out32[13 * n + i] = __popc(ux) * 100 + __clz(x) + 1000 * __ffs(x);
    out32[14 * n + i] = (int)__brev(ux);
    out32[15 * n + i] = (int)(ux - uy - 1u) < 0 ? -1 : 1;
    long long p = la[i], q = lb[i];  // q != 0
    unsigned long long up = (unsigned long long)p, uq = (unsigned long long)q;
    out64[0 * n + i] = p / q;
    out64[1 * n + i] = p % q;
    out64[2 * n + i] = p * q;                    // wraps
    out64[3 * n + i] = p >> (q & 63);
    out64[4 * n + i] = (long long)(up >> (q & 63));
    out64[5 * n + i] = (long long)(up / (uq | 1ull));
    out64[6 * n + i] = (long long)x * (long long)y + (long long)__umul64hi(up, uq);
    out64[7 * n + i] = (long long)__popcll(up) + 100 * __clzll(p) + ((long long)ux << 20);
}
