# shfl_sync broadcast, shfl_up_sync inclusive scan, shfl_xor_sync butterfly.
from numba import cuda

FULL = 0xffffffff
WARP = 32


@cuda.jit("void(int32[::1], int32[::1])")
def warp_inclusive_scan(x, out):
    i = cuda.grid(1)
    lane = cuda.laneid
    v = x[i]
    d = 1
    while d < WARP:
        n = cuda.shfl_up_sync(FULL, v, d)
        if lane >= d:
            v += n
        d *= 2
    out[i] = v


@cuda.jit("void(float64[::1], float64[::1])")
def warp_allreduce(x, out):
    i = cuda.grid(1)
    v = x[i]
    m = 16
    while m > 0:
        v += cuda.shfl_xor_sync(FULL, v, m)
        m //= 2
    leader = cuda.shfl_sync(FULL, v, 0)
    out[i] = leader


@cuda.jit("void(float32[::1])")
def broadcast_lane(x):
    i = cuda.grid(1)
    src = cuda.shfl_sync(FULL, i % 7, 3)
    x[i] = cuda.shfl_sync(FULL, x[i], src)
