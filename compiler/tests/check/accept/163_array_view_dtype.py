# a.view(dtype): an array's bytes as elements of another number type, as
# numba-cuda's array_view does: the same dimensions and layout; a smaller
# element multiplies the last extent (the first of an F array), a larger one
# divides it; an A array is taken as C or F by its strides (NumPy's check
# first: a different size needs a contiguous last axis, so an F array of 2+
# dimensions keeps its element size). Reads, writes and reductions through
# the view.
from numba import cuda
import numpy as np


@cuda.jit("void(uint8[::1], float32[:, ::1], int64[::1, :], float64[:, :], int32[::1], int64[::1], uint32[::1], float64[::1])")
def views(b, f, g, s, out32, out64, bits, fout):
    w = b.view(np.int32)
    out32[0] = w[0]
    out32[1] = w.shape[0]
    fb = f.view(np.uint32)
    bits[0] = fb[1, 2]
    bits[1] = f[1:, 1:].view(np.uint32)[0, 0]
    h = f.view(np.int16)
    out32[2] = h.shape[1]
    out32[3] = h[0, 1]
    gg = g.view(np.uint64)
    out64[0] = gg.shape[0]
    out64[1] = gg[1, 0]
    out64[2] = np.sum(gg)
    ss = s.view(np.complex128)
    out64[3] = ss.shape[1]
    fout[0] = ss[1, 0].imag
    fout[1] = np.sum(ss).real
    w[1] = 7
    out32[4] = b[4] + b[5]
