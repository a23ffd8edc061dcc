"""126: float32 log10 (2 ulp), log2 (1 ulp), exp2 (2 ulp), exp (2 ulp) over
a wide range of powers, subnormal ones included; every step rounded to
float32 as in the kernel."""
import numpy as np
from harness import Case

F = np.float32
N = 256


def args(rng):
    p = (2.0 ** rng.uniform(-140, 120, N)).astype(F)
    return [p, np.zeros(N, F), np.zeros(N, F)]


def expect(a):
    p = a[0].astype(np.float64)
    db = (F(10) * np.log10(p).astype(F)).astype(F)
    l2 = (np.log2(p).astype(F) - F(1)).astype(F)
    oc = (np.exp2(l2.astype(np.float64)).astype(F) + np.exp(-p).astype(F)).astype(F)
    return {1: db, 2: oc}


CASES = [
    Case("126_f32_decibels.py", "decibels", grid=(2,), block=(128,),
         args=args, expect=expect, rtol=1e-6, atol=0),
]
