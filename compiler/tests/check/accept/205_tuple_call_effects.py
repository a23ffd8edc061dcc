# A device function with an effect (an atomic count) that returns a tuple
# is called once wherever its tuple is used whole: as an array index, an
# atomic's index, unpacked, by len() (Numba still calls it), by max(), in
# a comparison, indexed, and in a tuple display with `*`. Each item is read
# from one evaluation, as in Numba.
from numba import cuda


@cuda.jit(device=True)
def counted(c):
    cuda.atomic.add(c, 0, 1)
    return (1, 2, 0)


@cuda.jit("void(float64[:, :, ::1], int64[::1], float64[::1])")
def tuple_call_effects(a, c, out):
    if cuda.grid(1) != 0 or a.shape[0] < 2 or a.shape[1] < 3 or out.size < 7:
        return
    a[counted(c)] = 5.0
    out[0] = a[counted(c)]
    a[counted(c)] += 2.0
    cuda.atomic.add(a, counted(c), 1.0)
    x, y, z = counted(c)
    out[1] = x + y + z
    out[2] = len(counted(c))
    out[3] = counted(c)[1]
    out[4] = max(counted(c))
    out[5] = counted(c) == (1, 2, 0)
    a[*counted(c)[:2], 1] = 4.0
    out[6] = c[0]
