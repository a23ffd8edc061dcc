# Device functions calling device functions; early returns in device code.
from numba import cuda


@cuda.jit(device=True)
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@cuda.jit(device=True)
def sample(a, i):
    n = a.shape[0]
    return a[clamp(i, 0, n - 1)]


@cuda.jit(device=True)
def blur3(a, i):
    return (sample(a, i - 1) + sample(a, i) + sample(a, i + 1)) / 3


@cuda.jit(device=True)
def find_first(a, value):
    for k in range(a.size):
        if a[k] == value:
            return k
    return -1


@cuda.jit("void(float32[::1], float32[::1])")
def blur(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = blur3(a, i)


@cuda.jit("void(int32[:, ::1], int32, int64[::1])")
def search_rows(m, value, pos):
    r = cuda.grid(1)
    if r < m.shape[0]:
        pos[r] = -1
        for k in range(m.shape[1]):
            if m[r, k] == value:
                pos[r] = k
                break
    if r == 0:
        pos[0] = find_first(pos, 3)
