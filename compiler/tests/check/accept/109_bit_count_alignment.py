# `int.bit_count()` (numba-cuda's is cuda.popc: a negative value counts its
# two's-complement bits) and `alignment=` on shared and local arrays.
from numba import cuda, float64, int32, uint8


@cuda.jit("void(int64[::1], uint8[::1], int64[::1])")
def bits(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i].bit_count() * 1000 + b[i].bit_count() + (255).bit_count() * 0


@cuda.jit("void(float64[::1], float64[::1])")
def aligned(a, out):
    tid = cuda.threadIdx.x
    buf = cuda.shared.array(32, float64, alignment=16)
    tmp = cuda.local.array(4, int32, 8)
    buf[tid] = a[tid]
    cuda.syncthreads()
    for k in range(4):
        tmp[k] = k * tid
    out[tid] = buf[31 - tid] + tmp[3]
