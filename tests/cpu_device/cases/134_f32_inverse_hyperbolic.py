"""134: float32 asinh, acosh and atanh (float32 algorithms, libdevice's
bounds: asinhf, atanhf 3 ulp, acoshf 4) against NumPy's float64 rounded to
float32, with a tolerance of a few float32 ulps; acosh below 1 and atanh
at and past ±1, huge and tiny arguments and the special values."""
import numpy as np
from harness import Case

F = np.float32
N = 256


def args(rng, special=True):
    x = (rng.standard_normal(N) * 5).astype(F)
    x[:30] = (2.0 ** rng.uniform(-60, 120, 30) * rng.choice([-1, 1], 30)).astype(F)
    w = (1 + rng.exponential(3, N)).astype(F)
    w[:20] = (2.0 ** rng.uniform(0, 120, 20)).astype(F)
    u = rng.uniform(-1, 1, N).astype(F)
    if special:
        x[-6:] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40], F)
        w[-6:] = np.array([1.0, 0.5, np.inf, -np.inf, np.nan, 1.0000001], F)
        u[-8:] = np.array([0.0, -0.0, 1.0, -1.0, np.nan, 1e-40, 1.5, 0.99999994], F)
    return [x, w, u, np.zeros((N, 3), F)]


def expect(a):
    x, w, u = (v.astype(np.float64) for v in a[:3])
    with np.errstate(all="ignore"):
        out = np.stack([np.arcsinh(x), np.arccosh(w), np.arctanh(u)], axis=1)
    return {3: out.astype(F)}


CASES = [
    Case("134_f32_inverse_hyperbolic.py", "inverse_hyperbolic", grid=(2,), block=(128,),
         args=lambda rng: args(rng, special=False), expect=expect, rtol=5e-7, atol=1e-44),
    Case("134_f32_inverse_hyperbolic.py", "inverse_hyperbolic", grid=(2,), block=(128,),
         args=args, expect=expect, rtol=5e-7, atol=1e-44,
         numba_skip="the simulator runs Python's math module, which raises on domain and range errors (the GPU gives NaN or infinity, as NumPy does); the finite case above is validated"),
]
