"""201: `a.ndim` and `len(t)` of arguments settle branches per
specialisation (Numba's rewrite_semantic_constants): one device function
sums 1-D and 2-D arrays, another takes 1- and 2-tuples."""
import numpy as np
from harness import Case


def args(rng):
    return [rng.uniform(-2, 2, 7), rng.uniform(-2, 2, (3, 4)), np.zeros(5)]


def expect(args):
    v, m, out = args
    out = out.copy()
    out[0] = sum(float(x) for x in v)
    out[1] = sum(float(x) for x in m.ravel())
    out[2] = 15.0
    out[3] = 3.5
    out[4] = 21
    return {2: out}


CASES = [
    Case("201_semantic_constants.py", "semantic_constants", grid=(1,), block=(1,), args=args,
         expect=expect, rtol=1e-12),
]
