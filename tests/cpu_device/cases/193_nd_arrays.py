"""193: arrays of more than three dimensions: a convolution over a batch
of NCHW images (4-D input, weights and output, a 5-D scale), with views,
`.T`, `reshape`, 4-D local and shared arrays and an atomic on a 4-D
array."""
import numpy as np
from harness import Case

SRC = "193_nd_arrays.py"


def expect(args):
    x, w, scale, out, counts = (np.array(a, copy=True) for a in args)
    n_img, chans, _, _ = x.shape
    _, kernels, oh, ow = out.shape
    kh, kw = w.shape[2:]
    for n in range(n_img):
        for k in range(kernels):
            for y in range(oh):
                for xx in range(ow):
                    s = 0.0
                    for c in range(chans):
                        for dy in range(kh):
                            for dx in range(kw):
                                s += float(np.float32(x[n, c, y + dy, xx + dx] * w[k, c, dy, dx]))
                    out[n, k, y, xx] = np.float32(s * float(scale[0, k, 0, 0, -1]))
        flip = x[n, :, ::-1, ::2]
        # float32 + float32, then + int64 (`ndim`): float64, as Numba types it.
        out[n, 0, 0, 0] = np.float32(float(out[n, 0, 0, 0]) + (
            float(np.float32(flip[-1, 0, -1] + w.T[0, 0, chans - 1, kernels - 1])) + 4.0))
        tile = 1 * 8 + 0 * 4 + 1 * 2 + 1
        slab = x.strides[2] + 1 - 0
        out[n, -1, -1, -1] = np.float32(
            float(out[n, -1, -1, -1]) + float(tile + 16 + slab + x.size))
        counts[0, 0, 0, n % counts.shape[3]] += 1
    return {3: out, 4: counts}


def inputs(rng):
    x = rng.uniform(-1, 1, (5, 3, 6, 7)).astype(np.float32)
    w = rng.uniform(-1, 1, (4, 3, 3, 2)).astype(np.float32)
    scale = rng.uniform(0.5, 2, (1, 4, 2, 1, 3)).astype(np.float32)
    out = np.zeros((5, 4, 4, 6), dtype=np.float32)
    counts = rng.integers(0, 3, (1, 1, 2, 3)).astype(np.int64)
    return [x, w, scale, out, counts]


CASES = [Case(SRC, "conv_nchw", grid=(2,), block=(4,), args=inputs, expect=expect,
              rtol=1e-5, atol=1e-5)]
