# Boolean arrays (bool_ / b1 / boolean in signatures) used as masks.
from numba import cuda


@cuda.jit("void(float32[::1], b1[::1], float32[::1])")
def masked_copy(src, mask, dst):
    i = cuda.grid(1)
    if i < src.size:
        if mask[i]:
            dst[i] = src[i]


@cuda.jit("void(float64[::1], bool_[::1], boolean[::1])")
def make_mask(x, pos, small):
    i = cuda.grid(1)
    if i < x.size:
        p = x[i] > 0
        pos[i] = p
        small[i] = not p and x[i] > -1.0
        pos[i] = pos[i] or small[i]
        cnt = pos[i] + small[i]       # bool + bool -> int64
        x[i] = cnt
