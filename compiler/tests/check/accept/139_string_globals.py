# A module-level string as an exception's argument (`raise ValueError(MSG)`):
# Numba freezes the global, as it freezes numbers; the Python binding
# freezes a closure variable holding a string the same way.
from numba import cuda

MSG = "input must not be negative"
DETAIL = 'at "index"\t'


@cuda.jit(device=True)
def checked(x):
    if x < 0:
        raise ValueError(MSG)
    return x * 2


@cuda.jit("void(int64[::1])")
def doubled(a):
    # Without debug, a raising thread ends: its element keeps its value.
    i = cuda.grid(1)
    if i < a.size:
        a[i] = checked(a[i])


@cuda.jit("void(int64[::1])", debug=True, opt=False)
def strict(a):
    i = cuda.grid(1)
    if i < a.size:
        if a[i] < 0:
            raise ValueError(MSG)
        if a[i] > 100:
            raise OverflowError(DETAIL, 2, MSG)
        a[i] += 1
