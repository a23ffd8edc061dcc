# Signed integer element types: int8, int16, int32, int64 (wrapping stores).
from numba import cuda


@cuda.jit("void(int8[::1], int16[::1], int32[::1], int64[::1])")
def widen(a8, a16, a32, a64):
    i = cuda.grid(1)
    if i < a8.size:
        x8 = a8[i]
        x16 = a16[i]
        x32 = a32[i]
        x64 = a64[i]
        a64[i] = x8 + x16 + x32 + x64
        a32[i] = x8 * 1000
        a16[i] = x16 + 1          # wraps on overflow
        a8[i] = -x8


@cuda.jit("void(int8[:, ::1], int32[::1])")
def row_sums_i8(m, out):
    r = cuda.grid(1)
    if r < m.shape[0]:
        s = 0
        for c in range(m.shape[1]):
            s += m[r, c]
        out[r] = s
