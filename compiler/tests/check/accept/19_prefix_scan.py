# Block-wide inclusive prefix sum (Hillis-Steele) with double buffering.
from numba import cuda, int32

TPB = 512


@cuda.jit("void(int32[::1], int32[::1])")
def block_scan(x, out):
    buf = cuda.shared.array((2, TPB), dtype=int32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    src = 0
    buf[src, t] = x[i] if i < x.size else 0
    cuda.syncthreads()
    d = 1
    while d < TPB:
        dst = 1 - src
        if t >= d:
            buf[dst, t] = buf[src, t] + buf[src, t - d]
        else:
            buf[dst, t] = buf[src, t]
        cuda.syncthreads()
        src = dst
        d *= 2
    if i < x.size:
        out[i] = buf[src, t]


@cuda.jit("void(float32[::1])")
def serial_exclusive_scan(a):
    # one thread, a plain running sum: the simplest correct scan
    if cuda.grid(1) != 0:
        return
    running = 0.0
    for k in range(a.size):
        v = a[k]
        a[k] = running
        running += v
