# syncwarp(mask) and the three memory fences.
from numba import cuda, int32

FULL = 0xffffffff


@cuda.jit("void(int32[::1], int32[::1])")
def publish(data, flag):
    i = cuda.grid(1)
    data[i] = i
    cuda.threadfence_block()
    cuda.syncwarp(FULL)
    if cuda.laneid == 0:
        cuda.threadfence()
        cuda.atomic.add(flag, 0, 1)
    cuda.threadfence_system()


@cuda.jit("void(float32[::1])")
def warp_shared_exchange(x):
    buf = cuda.shared.array(32, dtype=int32)
    lane = cuda.laneid
    buf[lane] = lane
    cuda.syncwarp(cuda.activemask())
    i = cuda.grid(1)
    if i < x.size:
        x[i] += buf[31 - lane]
    cuda.syncwarp()
