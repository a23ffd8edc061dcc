// Per-thread local arrays indexed with run-time values: a table filled from
// the input, an insertion sort, and a gather through a data-dependent
// permutation.  out is [n][8] sorted values; perm_out is [n].
#define L 8
extern "C" __global__ void local_sort(const int *in, const int *idx, int *out, int *perm_out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int v[L];
    for (int k = 0; k < L; ++k)
        v[k] = in[t * L + k];
    int sum = 0;
    for (int k = 0; k < L; ++k)
        sum += v[idx[t * L + k] & (L - 1)] * (k + 1);   // dynamic index before sorting
    for (int k = 1; k < L; ++k) {
        int key = v[k];
        int j = k - 1;
        while (j >= 0 && v[j] > key) {
            v[j + 1] = v[j];
            --j;
        }
        v[j + 1] = key;
    }
    for (int k = 0; k < L; ++k)
        out[t * L + k] = v[k];
    perm_out[t] = sum;
}
