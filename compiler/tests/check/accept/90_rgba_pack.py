# Pack float RGBA channels into 32-bit words and unpack them again.
from numba import cuda, uint32


@cuda.jit(device=True)
def to_byte(v):
    return uint32(min(max(v, 0.0), 1.0) * 255.0 + 0.5)


@cuda.jit("void(float32[:, ::1], uint32[::1])")
def pack_rgba(rgba, packed):
    i = cuda.grid(1)
    if i < packed.size:
        r = to_byte(rgba[i, 0])
        g = to_byte(rgba[i, 1])
        b = to_byte(rgba[i, 2])
        a = to_byte(rgba[i, 3])
        packed[i] = (a << 24) | (b << 16) | (g << 8) | r


@cuda.jit("void(uint32[::1], float32[:, ::1])")
def unpack_rgba(packed, rgba):
    i = cuda.grid(1)
    if i < packed.size:
        w = packed[i]
        for c in range(4):
            rgba[i, c] = ((w >> (8 * c)) & 0xff) / 255.0
