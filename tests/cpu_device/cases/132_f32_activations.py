"""132: float32 tanh, sinh, cosh, expm1, log1p, erf and erfc (float32
algorithms, libdevice's bounds: tanhf, coshf, erff 2 ulp, sinhf 3, erfcf 4,
expm1f, log1pf 1) against NumPy's float64 (math's erf, erfc) rounded to
float32, with a tolerance of a few float32 ulps; the inputs reach the
overflow of sinh/cosh/expm1, erfc's underflow, log1p's pole and NaN below
-1, and the special values (zeros, infinities, NaN, subnormals)."""
import math

import numpy as np
from harness import Case

erf = np.vectorize(math.erf)
erfc = np.vectorize(math.erfc)

F = np.float32
N = 300
SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -1e-40, -1.0, -1.5, 88.0, 89.0, -89.0, 1e-7]


def args(rng, special=True):
    x = (rng.standard_normal(N) * 3).astype(F)
    x[:40] = rng.uniform(-0.6, 0.6, 40).astype(F)
    x[40:60] = rng.uniform(-95, 95, 20).astype(F)
    if special:
        x[-len(SPECIALS):] = np.array(SPECIALS, F)
    else:
        # Inside log1p's domain and below sinh's overflow, where Python's
        # math (Numba's simulator) does not raise.
        x = np.clip(x, F(-0.99), F(88))
    return [x] + [np.zeros(N, F) for _ in range(5)] + [np.zeros((N, 2), F)]


def expect(a):
    v = a[0].astype(np.float64)
    with np.errstate(all="ignore"):
        return {1: np.tanh(v).astype(F), 2: np.sinh(v).astype(F), 3: np.cosh(v).astype(F),
                4: np.expm1(v).astype(F), 5: np.log1p(v).astype(F),
                6: np.stack([erf(v), erfc(v)], axis=1).astype(F)}


CASES = [
    Case("132_f32_activations.py", "activations", grid=(3,), block=(128,),
         args=lambda rng: args(rng, special=False), expect=expect, rtol=6e-7, atol=1e-44),
    Case("132_f32_activations.py", "activations", grid=(3,), block=(128,),
         args=args, expect=expect, rtol=6e-7, atol=1e-44,
         numba_skip="the simulator runs Python's math module, which raises on domain and range errors (the GPU gives NaN or infinity, as NumPy does); the finite case above is validated"),
]
