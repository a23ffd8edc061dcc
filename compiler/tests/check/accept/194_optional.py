# kernelc: --kernel optional_values --sig "void(int64[::1], float64[:, ::1], float64[:, ::1])"
# Values that may be None (Numba's `OptionalType`): device functions that
# return a number on some paths and None on others (`return None`, a bare
# `return`, the end of the body reached), a variable assigned None on one
# path and a number on another, `x if c else None`; tested with `is None`
# / `is not None`, passed to a device function as they are, and taken
# (unwrapped) by arithmetic and stores.
from numba import cuda


@cuda.jit(device=True)
def index_of(a, x):
    for i in range(a.shape[0]):
        if a[i] == x:
            return i
    return None


@cuda.jit(device=True)
def first_positive(row):
    for v in row:
        if v > 0:
            return v


@cuda.jit(device=True)
def halve_even(n):
    if n % 2 == 0:
        return n // 2
    else:
        return


@cuda.jit(device=True)
def or_default(x, default):
    if x is None:
        return default
    return x


@cuda.jit(device=True)
def halve_twice(n):
    h = halve_even(n)
    if h is None:
        return None
    return halve_even(h)


@cuda.jit
def optional_values(keys, rows, out):
    i = cuda.grid(1)
    if i >= rows.shape[0]:
        return
    k = index_of(keys, i)
    out[i, 0] = -1.0 if k is None else k * 10.0
    p = first_positive(rows[i])
    out[i, 1] = or_default(p, -2.5)
    q = None
    if i % 3 == 0:
        q = i * 0.5
    out[i, 2] = 1.0 if q is not None else 0.0
    if None is not q:
        out[i, 2] += q
    r = rows[i, 0] if rows[i, 0] > 0 else None
    out[i, 3] = or_default(r, 0.25) + or_default(halve_twice(i + 1), -1)
