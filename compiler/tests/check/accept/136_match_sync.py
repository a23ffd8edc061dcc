# cuda.match_any_sync and cuda.match_all_sync (sm_70 and later, as in
# PTX and Numba) on every value type numba-cuda's cases take, and the
# types its overload resolution converts to them.
# min-target: sm_70
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1])")
def match_any_int32(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = cuda.match_any_sync(cuda.activemask(), a[i])


@cuda.jit("void(float64[::1], int32[::1], int32[::1], boolean[::1])")
def match_all_float64(a, anymask, allmask, same):
    i = cuda.grid(1)
    if i < a.size:
        anymask[i] = cuda.match_any_sync(0xFFFFFFFF, a[i])
        m, p = cuda.match_all_sync(0xFFFFFFFF, a[i])
        allmask[i] = m
        same[i] = p


@cuda.jit("void(int16[::1], uint32[::1], float32[::1], uint64[::1], int64[::1], int32[:, ::1])")
def match_types(a, b, c, d, e, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = cuda.match_any_sync(-1, a[i])
        out[i, 1] = cuda.match_any_sync(-1, b[i])
        out[i, 2] = cuda.match_any_sync(-1, c[i])
        out[i, 3] = cuda.match_any_sync(-1, d[i])
        r = cuda.match_all_sync(-1, e[i])
        out[i, 4] = r[0]
        out[i, 5] = r[1]
