"""153: recursive device functions without signatures (Fibonacci, a
halving whose result becomes float64, a recursion that returns nothing and
fills an array row, Euclid's gcd), against the same recursions in
Python."""
import math

import numpy as np
from harness import Case

SRC = "153_recursion_implicit.py"


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def halving(x):
    return 0.0 if x < 1.0 else halving(x / 2.0) + 0.5


def expect(args):
    x, out, h, steps = [a.copy() for a in args]
    for i in range(x.size):
        v, prev = int(x[i]), int(x[i - 1])
        out[i] = fib(v % 16) + math.gcd(v, prev) * 100000
        h[i] = halving(v * 10.0)
        for k in range(v % steps.shape[1], 0, -1):
            steps[i, k - 1] = k
    return {1: out, 2: h, 3: steps}


def inputs(rng):
    n = 48
    # Recursions a GPU's default 1 KiB stack holds (gcd of numbers below
    # 6000: at most 18 calls deep, 32 bytes each in ptxas's frames).
    x = rng.integers(1, 1000, n).astype(np.int64)
    x[::5] *= 6
    return [x, np.zeros(n, np.int64), np.zeros(n, np.float64), np.zeros((n, 7), np.int64)]


CASES = [Case(SRC, "recursion_implicit", grid=(2,), block=(32,), args=inputs, expect=expect)]
