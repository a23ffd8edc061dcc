# Max-abs reduction: warp shuffles inside the warp, shared memory across warps.
from numba import cuda, float32

WARPS = 8
FULL = 0xffffffff


@cuda.jit("void(float32[::1], float32[::1])")
def max_abs(x, out):
    partial = cuda.shared.array(WARPS, float32)
    i = cuda.grid(1)
    v = abs(x[i]) if i < x.size else float32(0)
    off = 16
    while off > 0:
        v = max(v, cuda.shfl_down_sync(FULL, v, off))
        off //= 2
    warp = cuda.threadIdx.x // 32
    if cuda.laneid == 0:
        partial[warp] = v
    cuda.syncthreads()
    if warp == 0:
        v = partial[cuda.laneid] if cuda.laneid < WARPS else float32(0)
        off = WARPS // 2
        while off > 0:
            v = max(v, cuda.shfl_down_sync(FULL, v, off))
            off //= 2
        if cuda.laneid == 0:
            cuda.atomic.max(out, 0, v)
