"""78: Black-Scholes call/put prices in float64 (log, sqrt, exp, erf), with the
CUDA sample's parameter ranges; a tolerance covers the math library's
last-bit differences."""
import math

import numpy as np
from harness import Case

N = 1000
RATE, VOL = 0.02, 0.30
RSQRT2 = 1.0 / math.sqrt(2.0)


def args(rng):
    return [np.zeros(N), np.zeros(N), rng.uniform(5, 30, N), rng.uniform(1, 100, N), rng.uniform(0.25, 10, N),
            np.float64(RATE), np.float64(VOL)]


def expect(a):
    call, put = np.zeros(N), np.zeros(N)
    for i, (s, x, t) in enumerate(zip(a[2], a[3], a[4])):
        r, v = float(a[5]), float(a[6])
        sqrt_t = math.sqrt(t)
        d1 = (math.log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t)
        d2 = d1 - v * sqrt_t
        c1 = 0.5 * (1.0 + math.erf(d1 * RSQRT2))
        c2 = 0.5 * (1.0 + math.erf(d2 * RSQRT2))
        e = math.exp(-r * t)
        call[i] = s * c1 - x * e * c2
        put[i] = x * e * (1.0 - c2) - s * (1.0 - c1)
    return {0: call, 1: put}


CASES = [
    Case("78_black_scholes.py", "black_scholes", grid=(4,), block=(256,), args=args, expect=expect,
         rtol=1e-13, atol=1e-13),
]
