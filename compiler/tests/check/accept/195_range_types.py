# kernelc: --kernel range_types --sig "void(uint8[::1], uint32[::1], float32[::1], float64[:, ::1])"
# range()'s type as Numba's `Range` template chooses it among its int32,
# int64 and uint64 signatures: `range(u8)` and `range(u32)` count in
# uint64 (so `-k` wraps), `range(1, u32, 2)` in int64 (a literal decides),
# `range(f32)` truncates the float into an int32 range, and
# `range(u32, f32)` counts in uint64.
from numba import cuda


@cuda.jit
def range_types(n8, n32, lim, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        s = 0.0
        for k in range(n8[i]):
            s += -k
        out[i, 0] = s
        t = 0
        for k in range(lim[i]):
            t += k
        out[i, 1] = t
        c = 0
        for k in range(1, n32[i], 2):
            c += -k
        out[i, 2] = c
        u = 0.0
        for k in range(n32[i], lim[i]):
            u += -k
        out[i, 3] = u
