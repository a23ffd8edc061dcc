# Warp-level sum reduction with shfl_down_sync, laneid and warpsize.
from numba import cuda

FULL_MASK = 0xffffffff


@cuda.jit("void(float32[::1], float32[::1])")
def warp_sum(x, out):
    i = cuda.grid(1)
    v = x[i] if i < x.size else 0.0
    offset = cuda.warpsize // 2
    while offset > 0:
        v += cuda.shfl_down_sync(FULL_MASK, v, offset)
        offset //= 2
    if cuda.laneid == 0:
        cuda.atomic.add(out, 0, v)


@cuda.jit("void(int32[::1], int32[::1])")
def warp_max(x, out):
    i = cuda.grid(1)
    v = x[i]
    mask = cuda.activemask()
    offset = 16
    while offset >= 1:
        other = cuda.shfl_down_sync(mask, v, offset)
        v = max(v, other)
        offset >>= 1
    if cuda.laneid == 0:
        cuda.atomic.max(out, 0, v)
