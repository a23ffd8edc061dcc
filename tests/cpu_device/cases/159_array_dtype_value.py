"""159: an array's dtype as a value sizes local and shared arrays."""
import numpy as np
from harness import Case

SRC = "159_array_dtype_value.py"


def expect(args):
    ary, out = args
    doubled = (ary.astype(np.float64) * 2).astype(np.float32)
    return {1: (doubled.astype(np.float64) + 1).astype(np.int16)}


CASES = [Case(SRC, "copy_through_local", grid=(1,), block=(4,),
              args=lambda rng: [rng.uniform(-100, 100, 8).astype(np.float32), np.zeros(8, np.int16)],
              expect=expect, rtol=0, atol=0)]
