"""152: recursive device functions with declared signatures (Fibonacci,
a digit sum whose local array each call has its own of, a power by
halving), against the same recursions in Python."""
import numpy as np
from harness import Case

SRC = "152_recursion_explicit.py"


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def digits_sum(x, depth):
    if x < 10:
        return x % 10
    return digits_sum(x // 10, depth + 1) + x % 10


def power(b, n):
    if n == 0:
        return 1.0
    half = power(b, n // 2)
    return half * half if n % 2 == 0 else half * half * b


def expect(args):
    x, out, p = [a.copy() for a in args]
    for i in range(x.size):
        out[i] = fib(int(x[i]) % 20) * 1000 + digits_sum(int(x[i]), 0)
        p[i] = power(1.5, int(x[i]) % 12)
    return {1: out, 2: p}


def inputs(rng):
    n = 40
    # At most 6 digits: 6 calls of digits_sum deep, 88 bytes each in
    # ptxas's stack frames, within a GPU's default 1 KiB stack.
    x = rng.integers(0, 10**5, n).astype(np.int64)
    x[:4] = [0, 1, 9, 99999]
    return [x, np.zeros(n, np.int64), np.zeros(n, np.float64)]


CASES = [Case(SRC, "recursion_explicit", grid=(2,), block=(32,), args=inputs, expect=expect)]
