// Loops with break and continue, and a dense switch (NVRTC may emit a jump
// table: brx.idx).
extern "C" __global__ void scan_row(const int *m, int cols, int *count, int *sum, int *where, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows)
        return;
    int c = 0, s = 0, w = -1;
    for (int k = 0; k < cols; ++k) {
        int v = m[r * cols + k];
        if (v < 0)
            continue;          // skip negatives
        if (v == 99) {         // sentinel
            w = k;
            break;
        }
        ++c;
        s += v;
    }
    count[r] = c;
    sum[r] = s;
    where[r] = w;
}

extern "C" __global__ void switch_op(const int *op, const int *a, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], r;
    switch (op[i]) {
    case 0: r = x + 17; break;
    case 1: r = x * 3; break;
    case 2: r = x ^ 0x5a5a; break;
    case 3: r = -x; break;
    case 4: r = x << 2; break;
    case 5: r = x >> 1; break;
    case 6: r = x & 0xff; break;
    case 7: r = x | 0x100; break;
    case 8: r = x - 1000; break;
    case 9: r = x * x; break;
    default: r = 424242; break;
    }
    out[i] = r;
}
