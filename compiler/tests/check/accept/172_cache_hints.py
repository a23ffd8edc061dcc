# Cache-hint loads and stores (numba-cuda's cache_hints.py): cuda.ldca,
# ldcg, ldcs, ldlu, ldcv and cuda.stcg, stcs, stwb, stwt on global arrays of
# every integer and float type, 1-D to 3-D, C, F and A layouts, a view,
# tuple and negative indices, keyword arguments, a stored value cast to the
# element type, and calls in a device function.
from numba import cuda, uint32


@cuda.jit(device=True)
def copy_cg(dst, src, i):
    cuda.stcg(dst, i, cuda.ldcg(src, i))


@cuda.jit("void(int8[::1], int16[::1], int32[::1], int64[::1], uint8[::1], uint16[::1], uint32[::1], uint64[::1])")
def ints(a, b, c, d, e, f, g, h):
    i = cuda.grid(1)
    if i >= a.shape[0]:
        return
    cuda.stwb(a, i, cuda.ldca(a, i) + 1)
    cuda.stwt(b, i, cuda.ldcs(b, i) * 2)
    cuda.stcs(c, i, cuda.ldlu(c, i) - 3)
    cuda.stcg(d, i, cuda.ldcv(d, i) + 4)
    cuda.stcg(e, i, cuda.ldcg(e, i - e.shape[0]) + 7)
    cuda.stcs(f, i, cuda.ldca(f, i) + 5)
    cuda.stwb(g, i, cuda.ldcs(g, i) + 6)
    copy_cg(h, h, i)


@cuda.jit("void(float16[::1], float32[::1], float64[::1], float32[::1])")
def floats(a, b, c, out):
    i = cuda.grid(1)
    if i >= a.shape[0]:
        return
    x = cuda.ldcs(a, i)
    cuda.stcs(a, i, x * x)
    cuda.stwt(b, i, cuda.ldlu(b, i) + 0.5)
    cuda.stwb(c, i, cuda.ldcv(array=c, i=i) * 2.0)
    # A float64 value stored into a float32 array.
    cuda.stcg(array=out, i=i, value=cuda.ldca(c, i) + 1.0)


@cuda.jit("void(float32[:, ::1], float64[::1, :], int32[:, :], int64[:, :, :])")
def layouts(c2, f2, a2, a3):
    i, j = cuda.grid(2)
    if i < c2.shape[0] and j < c2.shape[1]:
        cuda.stcg(c2, (i, j), cuda.ldcg(c2, (i, j)) + 1)
    if i < f2.shape[0] and j < f2.shape[1]:
        cuda.stcs(f2, (i, j), cuda.ldcs(f2, (i, j)) * 3)
    ij = (i, j)
    if i < a2.shape[0] and j < a2.shape[1]:
        cuda.stwt(a2, ij, cuda.ldlu(a2, ij) + cuda.ldca(a2, (i - a2.shape[0], j - a2.shape[1])))
    if i < a3.shape[0] and j < a3.shape[1]:
        for k in range(a3.shape[2]):
            cuda.stwb(a3, (i, j, k), cuda.ldcv(a3, (i, j, k)) + k)


@cuda.jit("void(float32[::1], int64)")
def view_and_cast(a, n):
    if cuda.grid(1) != 0:
        return
    tail = a[1:]
    # An int64 value stored into a float32 array; a uint32 index.
    cuda.stcg(tail, 0, n)
    cuda.stcs(a, uint32(n - 1), cuda.ldca(tail, 0) + cuda.ldcg(a, 0))
