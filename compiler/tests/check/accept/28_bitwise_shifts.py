# Bitwise operators and shifts on signed and unsigned integers.
from numba import cuda, uint32


@cuda.jit("void(int32[::1], uint32[::1], int64[::1])")
def bit_ops(a, u, out):
    i = cuda.grid(1)
    if i >= a.size:
        return
    x = a[i]
    y = u[i]
    band = x & 0xF0
    bor = x | 1
    bxor = x ^ y
    inv = ~x
    shl = x << 3
    shr = x >> 2
    ushr = y >> uint32(4)
    ushl = y << uint32(1)
    parity = (y ^ (y >> 16)) & 1
    out[i] = band + bor + bxor + inv + shl + shr + parity
    u[i] = ushr | ushl


@cuda.jit("void(uint8[::1], uint8[::1])")
def swap_nibbles(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        b = src[i]
        dst[i] = ((b & 0x0F) << 4) | ((b & 0xF0) >> 4)
