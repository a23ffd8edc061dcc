# debug=True kernels: integer and float division by zero, bad indices and
# exceptions of the program are reported.
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], int32[::1])", debug=True)
def checked_div(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] // b[i]


@cuda.jit("void(float64[:, ::1])", debug=True)
def checked_transpose_inplace(m):
    i, j = cuda.grid(2)
    n = m.shape[0]
    if i < n and j < i:
        t = m[i, j]
        m[i, j] = m[j, i]
        m[j, i] = t


@cuda.jit("void(float64[::1], float64[::1], float64[::1])", debug=True)
def checked_fdiv(a, b, out):
    # Numba's Python error model (debug=True): a float division by zero
    # raises ZeroDivisionError, ending the launch before the store
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] / b[i] + a[i] // b[i] + a[i] % b[i]


class LimitError(ValueError):
    """An exception class of the program, raised by checked_limit."""


@cuda.jit("void(float64[::1], float64)", debug=True)
def checked_limit(a, limit):
    i = cuda.grid(1)
    if i < a.size:
        if a[i] > limit:
            raise LimitError("value over the limit")
        a[i] = 2.0 * a[i]
