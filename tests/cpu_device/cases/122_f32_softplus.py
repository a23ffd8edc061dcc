"""122: float32 softplus and log-sigmoid. Each math call is float32
(libdevice-class bounds: exp 2 ulp, log and log1p 1 ulp), each step
rounded to float32 as the kernel does; the tolerance is a few float32 ulps
of the result (4 ulp ~ 4.8e-7 relative) plus what the earlier steps' ulps
become after the outer log."""
import numpy as np
from harness import Case

F = np.float32
N = 300


def expect(a):
    v = a[0].astype(np.float64)
    e = np.exp(v).astype(F)
    sp = np.log((F(1) + e).astype(np.float64)).astype(F)
    em = np.exp(-v).astype(F)
    ls = (-np.log1p(em.astype(np.float64))).astype(F)
    return {1: sp, 2: ls}


CASES = [
    Case("122_f32_softplus.py", "softplus", grid=(3,), block=(128,),
         args=lambda rng: [(rng.standard_normal(N) * 6).astype(F), np.zeros(N, F), np.zeros(N, F)],
         expect=expect, rtol=1e-6, atol=1e-7),
]
