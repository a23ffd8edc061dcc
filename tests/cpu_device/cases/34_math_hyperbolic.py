"""Hyperbolic functions: float64 round trips asinh(sinh) + acosh(cosh) +
atanh(tanh/2) on |v| in [0.5, 3] (acosh is ill-conditioned near 1);
tanh_activation: float32 tanh plus zero-weighted terms summed in float64."""
import numpy as np
from harness import Case


def hyp_args(rng):
    v = rng.random(100) * 2.5 + 0.5
    return [v * np.where(rng.random(100) < 0.5, -1, 1), np.zeros(100)]


def hyp_expect(a):
    v = a[0]
    return {1: np.arcsinh(np.sinh(v)) + np.arccosh(np.cosh(v)) + np.arctanh(np.tanh(v) * 0.5)}


CASES = [
    Case("34_math_hyperbolic.py", "hyperbolic", grid=(2,), block=(64,), args=hyp_args, expect=hyp_expect,
         rtol=1e-13, atol=1e-14),
    Case("34_math_hyperbolic.py", "tanh_activation", grid=(2,), block=(64,),
         args=lambda rng: [(rng.random(100) * 2.8 - 0.9).astype(np.float32)],
         expect=lambda a: {0: np.tanh(a[0].astype(np.float64)).astype(np.float32)}, rtol=1e-6, atol=1e-7),
]
