"""Closures in device functions: a device function that returns a
closure (a factory), a closure over a device function's array parameter,
a closure defined in a loop, closures given to other functions, and a
captured constant as a local array's shape (a literal, as Numba's
inlining types it), and a default value read from the enclosing
function."""
from numba import cuda, float32


@cuda.jit(device=True)
def apply(f, x):
    return f(x)


@cuda.jit(device=True)
def make_adder():
    k = 7

    def add(x):
        return x + k

    return add


@cuda.jit(device=True)
def weighted_sum(a, w):
    def term(i):
        return a[i] * w

    s = 0.0
    for i in range(a.size):
        s += term(i)
    return s


@cuda.jit("void(float64[::1], float64[::1])")
def factory(out, a):
    i = cuda.grid(1)
    add = make_adder()
    if i < out.size:
        acc = 0.0
        for j in range(3):
            def bump(x):
                return x + j

            acc = bump(acc)
        out[i] = apply(add, a[i]) + weighted_sum(a, 0.5) + acc


@cuda.jit("void(float32[::1])")
def local_shape(out):
    n = 4

    def fill(v):
        tmp = cuda.local.array(n, float32)
        for j in range(n):
            tmp[j] = v + j
        s = 0.0
        for j in range(n):
            s += tmp[j]
        return s

    i = cuda.grid(1)
    if i < out.size:
        out[i] = fill(i)


@cuda.jit("void(int64[::1])")
def parent_defaults(out):
    y = 4

    def f(a, b=y):
        return a + b

    out[0] = f(1)
    out[1] = f(1, 10)
