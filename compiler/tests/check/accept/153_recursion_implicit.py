# Recursive device functions without signatures, typed as Numba types
# them: a recursive call first gets the type of the paths that do not
# recurse, and the body is typed again until the result type settles.
# `fib`'s base case gives int64, which holds; `halving`'s base case gives
# int64, but its recursive path adds 0.5, so the type becomes float64 and
# the recursive call is float64 too; `count_down` returns nothing (None):
# it writes into an array and calls itself as a statement; `gcd` swaps
# its arguments in the recursive call (numba-cuda needs each recursive call
# to have its caller's argument types: the int64 operands of `a % b` are
# int64 again).
from numba import cuda


@cuda.jit(device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit(device=True)
def halving(x):
    if x < 1.0:
        return 0
    return halving(x / 2.0) + 0.5


@cuda.jit(device=True)
def count_down(a, i, n):
    if n > 0:
        a[i, n - 1] = n
        count_down(a, i, n - 1)


@cuda.jit(device=True)
def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


@cuda.jit("void(int64[::1], int64[::1], float64[::1], int64[:, ::1])")
def recursion_implicit(x, out, h, steps):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = fib(x[i] % 16) + gcd(x[i], x[i - 1]) * 100000
        h[i] = halving(x[i] * 10.0)
        count_down(steps, i, x[i] % steps.shape[1])
