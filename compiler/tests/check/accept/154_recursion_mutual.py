# Mutually recursive device functions: `is_even` calls `is_odd`, which
# calls `is_even` (no signatures: the return type comes from the base
# cases, bool); `ping` and `pong` call each other and count the steps (the
# first declared compiles eagerly in Numba, before the second exists, so
# neither has a signature); `collatz_len` calls `collatz_step`, which calls
# `collatz_len` back, with an int64 result from its base case. The moduli
# keep every chain of calls within a GPU's default 1 KiB call stack (at
# most 40 calls, 16-byte frames in ptxas's code).
from numba import cuda


@cuda.jit(device=True)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@cuda.jit(device=True)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@cuda.jit(device=True)
def ping(n, acc):
    if n <= 0:
        return acc
    return pong(n - 1, acc + 1)


@cuda.jit(device=True)
def pong(n, acc):
    if n <= 0:
        return -acc
    return ping(n - 1, acc + 2)


@cuda.jit(device=True)
def collatz_len(n):
    if n <= 1:
        return 0
    return collatz_step(n) + 1


@cuda.jit(device=True)
def collatz_step(n):
    if n % 2 == 0:
        return collatz_len(n // 2)
    return collatz_len(3 * n + 1)


@cuda.jit("void(int64[::1], boolean[::1], int64[::1], int64[::1])")
def recursion_mutual(x, even, pp, clen):
    i = cuda.grid(1)
    if i < x.size:
        even[i] = is_even(x[i] % 32)
        pp[i] = ping(x[i] % 30, 0)
        clen[i] = collatz_len(x[i] % 16 + 1)
