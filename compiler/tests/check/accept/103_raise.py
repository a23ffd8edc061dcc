# `raise` in kernels and device functions: without debug the raising thread
# ends (Numba ends it on an exception and reports nothing), other threads
# go on; with debug=True the exception is recorded in the module and the launch
# fails. Code after a raise is not typed.
import math

from numba import cuda

LIMIT = 100


@cuda.jit(device=True)
def checked_sqrt(x):
    if x < 0:
        raise ValueError("negative input")
    return math.sqrt(x)


@cuda.jit("void(float64[::1], float64[::1])")
def roots(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = -1.0
        out[i] = checked_sqrt(x[i])
        if out[i] > LIMIT:
            raise OverflowError("root above", LIMIT)
            out[i] = (1, 2)


@cuda.jit("void(int64[::1])", debug=True, opt=False)
def strict(a):
    i = cuda.grid(1)
    if i < a.size and a[i] < 0:
        raise IndexError("negative entry")
    if i < a.size:
        a[i] *= 2


@cuda.jit("void(int64[::1], int64)")
def ranges(out, step):
    # A run-time range() step of zero raises ValueError in Numba, which
    # ends the thread: the loop never runs, the 7 stays.
    i = cuda.grid(1)
    if i < out.size:
        out[i] = 7
        for j in range(0, 10, step):
            out[i] += j


@cuda.jit("void(int64[::1], int64)")
def ranges_enumerate(out, step):
    # The same inside enumerate(): a zero step ends the thread.
    i = cuda.grid(1)
    if i < out.size:
        out[i] = 7
        for n, j in enumerate(range(0, 10, step)):
            out[i] += j * n
