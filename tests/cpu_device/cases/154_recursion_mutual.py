"""154: mutually recursive device functions (even/odd, a ping-pong count,
Collatz lengths through two functions), against the same recursions in
Python."""
import numpy as np
from harness import Case

SRC = "154_recursion_mutual.py"


def ping(n, acc):
    return acc if n <= 0 else pong(n - 1, acc + 1)


def pong(n, acc):
    return -acc if n <= 0 else ping(n - 1, acc + 2)


def collatz_len(n):
    steps = 0
    while n > 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def expect(args):
    x, even, pp, clen = [a.copy() for a in args]
    for i in range(x.size):
        v = int(x[i])
        even[i] = (v % 32) % 2 == 0
        pp[i] = ping(v % 30, 0)
        clen[i] = collatz_len(v % 16 + 1)
    return {1: even, 2: pp, 3: clen}


def inputs(rng):
    n = 40
    x = rng.integers(0, 1000, n).astype(np.int64)
    x[:3] = [0, 1, 26]
    return [x, np.zeros(n, np.bool_), np.zeros(n, np.int64), np.zeros(n, np.int64)]


CASES = [Case(SRC, "recursion_mutual", grid=(2,), block=(32,), args=inputs, expect=expect)]
