# Tuple displays with starred items (`(*idx, 0)`, CPython's
# BUILD_TUPLE_UNPACK: the items of each starred tuple in place), and list
# displays iterated by a `for`, which CPython compiles as tuples when they
# have no starred item (so Numba iterates a tuple there).
from numba import cuda


@cuda.jit(device=True)
def corner(idx):
    return (*idx, 0)


@cuda.jit("void(float64[:, :, ::1], int64)")
def tuple_displays(arr, n):
    if cuda.grid(1) != 0 or arr.shape[0] < 2 or arr.shape[1] < 3 or arr.shape[2] < 2:
        return
    idx = (1, 2)
    t = (*idx, 0)
    arr[t] = 5.0
    u = *idx, n
    arr[u[0], u[1], 1] = u[2]
    for j in [idx[0], 7, n]:
        arr[0, 0, 0] += j
    for w in [0.5, 0.25]:
        arr[0, 0, 1] += w
    v = (*(), *idx, *(n, 1.5))
    arr[0, 1, 0] = v[3] + len(v)
    arr[corner((0, 2))] = len((*t, *u))
