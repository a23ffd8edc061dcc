# Short dtype aliases in signature strings: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1.
from numba import cuda


@cuda.jit("void(f4[::1], f8[::1], i4[::1], i8[::1])")
def aliases_basic(a, b, c, d):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = a[i] + c[i]
        d[i] = c[i] * 2


@cuda.jit("void(i1[:], i2[:], u1[:], u2[:], u4[:], u8[:], f2[:], b1[:])")
def aliases_small(a, b, c, d, e, f, g, h):
    i = cuda.grid(1)
    if i < a.size:
        f[i] = c[i] + d[i] + e[i]
        b[i] = a[i] * 2
        h[i] = g[i] > 0


@cuda.jit("void(f4[:, ::1], i8, f8)")
def aliases_scalars(m, n, s):
    i, j = cuda.grid(2)
    if i < n and j < m.shape[1]:
        m[i, j] *= s
