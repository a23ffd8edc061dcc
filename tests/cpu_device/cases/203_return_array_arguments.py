"""203: device functions returning an array they were given (in-place
transforms ending in `return arr`, one of two arguments), on rows of an
argument, a shared array and local arrays; against NumPy."""
import numpy as np
from harness import Case


def args(rng):
    return [rng.uniform(-2, 2, (2, 3)), np.zeros(4)]


def expect(args):
    m, out = (a.copy() for a in args)
    m[1] *= 2
    m[1, 0] += 1
    m[0] *= 4
    out[0] = m[0, 2]
    sh = np.arange(3) + 0.5
    loc = 10.0 - np.arange(3)
    loc2 = 20.0 - np.arange(3)
    sh *= 2
    loc *= 2
    out[1] = sh[1] + loc[2]
    w = loc if loc[0] >= loc2[0] else loc2
    out[2] = w[0] + len(w)
    big = m[0] if m[0, 0] >= m[1, 0] else m[1]
    out[3] = big[1]
    return {0: m, 1: out}


CASES = [
    Case("203_return_array_arguments.py", "return_array_arguments", grid=(1,), block=(1,),
         args=args, expect=expect),
]
