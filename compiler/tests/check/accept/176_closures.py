"""Functions defined inside kernels (closures), as Numba takes them: a
call in the enclosing function reads the variables the closure captures
as they are at the call (Numba inlines it); a closure passed to another
function captures constants only; another name for a closure
(`g = inner`) is called as the closure is."""
from numba import cuda

LIMIT = 100


@cuda.jit(device=True)
def apply(f, x):
    return f(x)


@cuda.jit(device=True)
def apply_all(f, *args):
    return f(*args)


@cuda.jit("void(float64[::1], float64[::1], int64)")
def closures(out, a, n):
    i = cuda.grid(1)
    scale = a[0]
    offset = 3

    def shifted(x):
        # captures a run-time value (an array element) and a parameter
        return x * scale + n

    def with_offset(x):
        # captures a constant: it may be passed to another function
        return x + offset

    def combined(x):
        # calls its siblings, which it passes what they capture
        return shifted(with_offset(x))

    def clipped(x, lo=0.0, hi=LIMIT):
        if x < lo:
            return lo
        if x > hi:
            return float(hi)
        return x

    if i < out.size:
        v = a[i]
        out[i] = clipped(combined(v)) + apply(with_offset, v)
        scale = 2.0
        # the new value of `scale` is the one a later call reads
        out[i] += shifted(1.0)


@cuda.jit("void(int64[::1], int64)")
def nested(out, m):
    i = cuda.grid(1)

    def outer(x):
        step = 2

        def inner(y):
            # captures `step` from `outer` and `m` from the kernel
            return y * step + m

        return inner(x) + inner(1)

    def count(k):
        total = 0
        for j in range(k):
            total += j
        return total

    def pair(a, b):
        return a - b

    if i < out.size:
        out[i] = outer(i) + count(i) + apply_all(pair, i, 1)


@cuda.jit("void(int64[::1], int64)")
def aliased(out, x):
    z = x + 1

    def inner(v):
        return v + z

    g = inner
    out[0] = g(2)
    z = 10
    out[1] = g(2)
