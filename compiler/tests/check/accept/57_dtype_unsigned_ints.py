# Unsigned integer element types: uint8, uint16, uint32, uint64.
from numba import cuda, uint8, uint16, uint32, uint64


@cuda.jit("void(uint8[::1], uint16[::1], uint32[::1], uint64[::1])")
def unsigned_ops(a8, a16, a32, a64):
    i = cuda.grid(1)
    if i < a8.size:
        s = a8[i] + a16[i]             # uint64
        p = a32[i] * a64[i]            # uint64
        d = a32[i] - uint32(1)         # uint64 (wraps below zero)
        a64[i] = s + p + d
        a8[i] = uint8(s & uint64(0xff))
        a16[i] = uint16(s)


@cuda.jit("void(uint8[:, :, ::1], float32[:, ::1])")
def rgb_to_gray(img, gray):
    y, x = cuda.grid(2)
    if y < img.shape[0] and x < img.shape[1]:
        r = img[y, x, 0]
        g = img[y, x, 1]
        b = img[y, x, 2]
        gray[y, x] = 0.299 * r + 0.587 * g + 0.114 * b
