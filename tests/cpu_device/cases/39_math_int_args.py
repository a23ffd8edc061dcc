"""math functions on integer arguments return float64 (floor/ceil/sqrt/fabs/
exp of int, sin(3)), math.floor of float32 stays float32; isnan of an int is
False.  Summed in float64 in source order."""
import math

import numpy as np
from harness import Case


def args(rng):
    return [rng.integers(0, 10**6, 100).astype(np.int32), rng.integers(-10**12, 10**12, 100),
            (rng.standard_normal(100) * 50).astype(np.float32), rng.standard_normal(100) * 50]


def expect(a):
    i32, i64, f32, out = a
    res = np.empty(out.size)
    for i in range(out.size):
        x, y, o = int(i32[i]), int(i64[i]), float(out[i])
        res[i] = (float(x) + float(y) + math.sqrt(x) + float(abs(x)) + float(np.floor(f32[i])) + math.floor(o)
                  + math.exp(y % 4) + math.sin(3) + 0.0)
    return {3: res}


CASES = [
    Case("39_math_int_args.py", "int_math", grid=(2,), block=(64,), args=args, expect=expect, rtol=1e-15),
]
