# expect: error at line 15: 'MSG' is a module-level string: kernels take one only as an argument of `raise`
# A module-level string read as a value: kernels take it as an argument of
# `raise` only (Numba refuses this arithmetic too; it would also accept
# `x = MSG; raise ValueError(x)`, a string in a local, which kernelc does
# not: strings are not values in kernels, KNOWN_DIFFERENCES.md §4).
from numba import cuda

MSG = "failed"


@cuda.jit("void(int64[::1])")
def bad(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = MSG + 1
