"""erf/erfc/gamma/lgamma in float64 on [-4.5, 6] (away from the gamma poles),
reference from Python's math module; gelu: float32 input, float64 erf, the
zero-weighted erfc/gamma/lgamma terms stay finite for these inputs."""
import math

import numpy as np
from harness import Case


def sp_args(rng):
    v = rng.random(120) * 10.5 - 4.5
    v[np.abs(v - np.round(v)) < 0.05] += 0.1
    return [v, np.zeros((120, 4))]


def sp_expect(a):
    v = a[0].tolist()
    out = np.array([[math.erf(t), math.erfc(t), math.gamma(t), math.lgamma(t)] for t in v])
    return {1: out}


def gelu_args(rng):
    v = (rng.random(100) * 8 - 4).astype(np.float32)
    v[np.abs(v - np.round(v)) < 0.05] += np.float32(0.1)
    return [v]


def gelu_expect(a):
    v = a[0].astype(np.float64).tolist()
    return {0: np.array([0.5 * t * (1.0 + math.erf(t / math.sqrt(2.0))) for t in v], np.float32)}


CASES = [
    Case("36_math_special.py", "special64", grid=(2,), block=(64,), args=sp_args, expect=sp_expect,
         rtol=1e-13, atol=1e-14),
    Case("36_math_special.py", "gelu", grid=(2,), block=(64,), args=gelu_args, expect=gelu_expect,
         rtol=1e-6, atol=1e-7),
]
