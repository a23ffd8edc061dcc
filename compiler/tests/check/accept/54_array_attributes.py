# a.shape, a.shape[k], a.size, a.ndim and len(a) on 1-, 2- and 3-d arrays.
from numba import cuda


@cuda.jit("void(float32[:], float32[:, :], float32[:, :, :], int64[::1])")
def attrs(v, m, t, out):
    if cuda.grid(1) != 0:
        return
    shp1 = v.shape                 # UniTuple(int64, 1)
    shp2 = m.shape                 # UniTuple(int64, 2)
    shp3 = t.shape                 # UniTuple(int64, 3)
    rows, cols = m.shape
    d0, d1, d2 = t.shape
    out[0] = v.size + m.size + t.size
    out[1] = v.ndim + m.ndim + t.ndim
    out[2] = len(v) + len(m) + len(t)
    out[3] = m.shape[0] * m.shape[1] + t.shape[2]
    out[4] = shp1[0] + shp2[1] + shp3[2]
    out[5] = rows * cols + d0 * d1 * d2
    out[6] = m.shape[-1]
