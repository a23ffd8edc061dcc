# `x is True` / `x is not False` of booleans: Python's booleans are
# singletons, so numba-cuda's `bool_is_impl` compares their values.
# (`bool(...)` makes Python booleans under Numba's simulator too, whose
# NumPy booleans are not the singletons.)
from numba import cuda


@cuda.jit("void(boolean, int64[::1])")
def push_if_true(pred, stack):
    i = 0
    c = 1
    if bool(pred) is True:
        stack[i] = c
        i += 1
        stack[i] = c
        i += 1


@cuda.jit("void(boolean[::1], boolean[::1])")
def identities(flags, out):
    i = cuda.grid(1)
    if i < flags.size and 4 * i + 3 < out.size:
        f = bool(flags[i])
        out[4 * i] = f is True
        out[4 * i + 1] = f is not False
        out[4 * i + 2] = f is (i > 1)
        out[4 * i + 3] = False is f
