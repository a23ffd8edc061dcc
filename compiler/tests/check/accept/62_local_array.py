# Thread-private local arrays: 1-d sized by a constant, 2-d tuple shape.
from numba import cuda, float32, float64, int32

K = 8


@cuda.jit("void(float32[:, ::1], float32[::1])")
def median_of_row(m, out):
    r = cuda.grid(1)
    if r >= m.shape[0]:
        return
    vals = cuda.local.array(K, float32)
    for c in range(K):
        vals[c] = m[r, c]
    # insertion sort
    for a in range(1, K):
        key = vals[a]
        b = a - 1
        while b >= 0 and vals[b] > key:
            vals[b + 1] = vals[b]
            b -= 1
        vals[b + 1] = key
    out[r] = 0.5 * (vals[K // 2 - 1] + vals[K // 2])


@cuda.jit("void(float64[:, :, ::1])")
def local_matrix(out):
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    mat = cuda.local.array((3, 3), dtype=float64)
    idx = cuda.local.array(shape=3, dtype=int32)
    for a in range(3):
        idx[a] = a
        for b in range(3):
            mat[a, b] = 1.0 if a == b else 0.0
    for a in range(3):
        for b in range(3):
            out[i, a, b] = mat[idx[a], b] * i
