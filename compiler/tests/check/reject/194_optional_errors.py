# kernelc: --kernel k --sig "void(int64[::1])"
# Misuses of values that may be None: a truth value (Numba cannot type
# `bool()` of an OptionalType), `is` with something other than None, None
# stored as a number, print() of one (Numba cannot print an OptionalType),
# and a function reaching its end but returning a tuple elsewhere.
# expect: error at line 21: this function can reach the end of its body, returning None there, but returns UniTuple(int64, 2) elsewhere
# expect: error at line 29: an int64 value or None (OptionalType(int64)) has no truth value (Numba cannot type `bool()` of it)
# expect: error at line 32: 'is' compares with None or two booleans only in kernels
# expect: error at line 34: cannot store None into an array element of type int64
# expect: error at line 36: print() in a kernel supports strings, numbers, booleans, tuples of them and `dim3`s (`cuda.threadIdx`), not an int64 value or None (OptionalType(int64))
from numba import cuda


@cuda.jit(device=True)
def maybe(x):
    if x > 0:
        return x


@cuda.jit(device=True)
def pair_or_none(x):
    if x > 0:
        return (x, x)


@cuda.jit
def k(out):
    i = cuda.grid(1)
    if maybe(i):
        out[i] = 1
    r = maybe(i)
    t = r is 3
    n = None
    out[i] = n
    out[i] += pair_or_none(i)[0] + t
    print(r)
