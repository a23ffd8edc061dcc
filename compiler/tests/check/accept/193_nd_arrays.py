# kernelc: --kernel conv_nchw --sig "void(float32[:, :, :, ::1], float32[:, :, :, ::1], float32[:, :, :, :, :], float32[:, :, :, ::1], int64[:, :, :, ::1])"
# Arrays of more than three dimensions (Numba sets no limit; kernelc takes
# up to 8): a convolution over a batch of NCHW images, with 4-D and 5-D
# arguments, their shapes unpacked, row and plane views (`x[n]`, iterated,
# passed to a device function), slices with steps and negative bounds,
# `.T`, `reshape`, 4-D local and shared arrays, and an atomic on a 4-D
# array indexed by a tuple.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def dot_plane(img, ker, y, x):
    s = 0.0
    kh, kw = ker.shape
    for dy in range(kh):
        for dx in range(kw):
            s += img[y + dy, x + dx] * ker[dy, dx]
    return s


@cuda.jit
def conv_nchw(x, w, scale, out, counts):
    n = cuda.grid(1)
    N, C, H, W = x.shape
    if n >= N:
        return
    _, K, OH, OW = out.shape
    sample = x[n]
    for k in range(K):
        for y in range(OH):
            for xx in range(OW):
                s = 0.0
                for c, plane in enumerate(sample):
                    s += dot_plane(plane, w[k, c], y, xx)
                out[n, k, y, xx] = s * scale[0, k, 0, 0, -1]
    # Views with steps and negative bounds, and the transpose.
    flip = x[n, :, ::-1, ::2]
    wt = w.T
    out[n, 0, 0, 0] += flip[-1, 0, -1] + wt[0, 0, C - 1, K - 1] + x[n:, 1:].ndim
    # A 4-D local array, then a 4-D shared one (one slab per thread).
    tile = cuda.local.array((2, 2, 2, 2), np.float32)
    for a in range(2):
        for b in range(2):
            for c in range(2):
                for d in range(2):
                    tile[a, b, c, d] = a * 8 + b * 4 + c * 2 + d
    slab = cuda.shared.array((64, 2, 2, 2), np.int64)
    t = cuda.threadIdx.x % 64
    for b in range(2):
        for c in range(2):
            for d in range(2):
                slab[t, b, c, d] = x.strides[b + 1] + c - d
    flat = out[n].reshape(K * OH * OW)
    flat[flat.size - 1] += tile[1, 0, 1, 1] + tile.size + slab[t, 1, 1, 0] + x.size
    cuda.atomic.add(counts, (0, 0, 0, n % counts.shape[3]), 1)
