# Starred call arguments: the items of a tuple (its length known when
# compiling) as positional arguments, of device functions, builtins and
# math functions, min/max and print, mixed with plain arguments (f(a, *t)).
import cmath
import math

from numba import cuda


@cuda.jit(device=True)
def axpy(a, x, y):
    return a * x + y


@cuda.jit(device=True)
def pair(i):
    return i + 1, i * 2


@cuda.jit("void(float64[::1], complex128[::1], UniTuple(float64, 2))")
def starred(out, z, t):
    i = cuda.grid(1)
    if i < out.size:
        x = out[i]
        out[i] = axpy(*(2.0, x, 1.0))
        out[i] += axpy(x, *t)
        p = pair(i)
        out[i] += axpy(*p, x)
        out[i] += math.atan2(*t) + math.hypot(*pair(i))
        z[i] = complex(*cmath.polar(z[i]))
        z[i] += complex(*t)
        out[i] += max(*t) + min(*pair(i), 3)


@cuda.jit("void(UniTuple(float64, 2), int64)")
def show(t, n):
    # print() of starred tuples: each item is an item of the print.
    print(*t)
    print(n, *pair(n), *(True, (n, 0.5)))
