# Per-row suffix sums computed with a reversed range and a runtime bound.
from numba import cuda


@cuda.jit("void(float64[:, ::1], int64)")
def suffix_sums(a, ncols):
    r = cuda.grid(1)
    if r >= a.shape[0]:
        return
    running = 0.0
    for c in range(ncols - 1, -1, -1):
        running += a[r, c]
        a[r, c] = running


@cuda.jit("void(int32[::1], int32)")
def every_kth_backwards(a, k):
    i = cuda.grid(1)
    if i == 0 and k > 0:
        for j in range(a.size - 1, -1, -k):
            a[j] = -a[j]
