# Device functions that return an array they were given (an in-place
# transform ending in `return arr`), as Numba allows without its memory
# manager (legalize_return_type: only an argument, unchanged): the result
# is the same array, a view of a row, a shared or local array, or one of
# two arguments of one type. (Two arguments in different memories, shared
# and local, are one type to Numba but not to kernelc, which refuses a
# function returning either.)
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def doubled(arr):
    for i in range(arr.size):
        arr[i] *= 2
    return arr


@cuda.jit(device=True)
def larger(a, b):
    if a[0] >= b[0]:
        return a
    return b


@cuda.jit("void(float64[:, ::1], float64[::1])")
def return_array_arguments(m, out):
    if cuda.grid(1) != 0 or m.shape[0] < 2 or m.shape[1] < 3 or out.size < 4:
        return
    r = doubled(m[1])
    r[0] += 1
    out[0] = doubled(doubled(m[0]))[2]
    sh = cuda.shared.array(3, np.float64)
    loc = cuda.local.array(3, np.float64)
    loc2 = cuda.local.array(3, np.float64)
    for i in range(3):
        sh[i] = i + 0.5
        loc[i] = 10.0 - i
        loc2[i] = 20.0 - i
    out[1] = doubled(sh)[1] + doubled(loc)[2]
    w = larger(loc, loc2)
    out[2] = w[0] + len(w)
    out[3] = larger(m[0], m[1])[1]
