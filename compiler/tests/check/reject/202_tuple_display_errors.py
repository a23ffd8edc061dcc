# kernelc: --kernel k --sig "void(float64[::1], int64)"
# Starred items that are not tuples, a starred assignment target (Numba
# cannot type extended unpacking), a list display with a starred item in
# a `for` (CPython builds a list there, which needs Numba's memory
# manager), and `*x` outside a display or a call.
# expect: error at line 16: `*x` in a tuple display takes a tuple (of a length known when compiling), not an array of type array(float64, 1d, C)
# expect: error at line 17: `*x` in a tuple display takes a tuple (of a length known when compiling), not an int64 value
# expect: error at line 18: a starred assignment target (`a, *rest = t`) is not supported in kernels
# expect: error at line 19: lists are not supported in kernels
# expect: error at line 21: a starred expression `*x` is not supported here in kernels
from numba import cuda


@cuda.jit
def k(arr, n):
    y = (*arr, 1)
    z = (*n, 1)
    a, *b = (1, 2, 3)
    for j in [*(1, 2), 7]:
        arr[0] += j
    arr[1] = n if n else *(1,)
