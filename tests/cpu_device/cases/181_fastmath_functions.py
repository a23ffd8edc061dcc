"""181: fastmath=True float32 math as the hardware approximations (sin,
cos, lg2, ex2, tanh; tan as sin/cos, log/log10 as a scaled lg2, exp and pow
through ex2), against NumPy in float64. The tolerance is the
approximations' (tanh.approx.f32: 2^-11 relative); a device function
without fastmath keeps its own precise math. A division by zero under
fastmath gives infinity instead of raising, even with debug=True."""
import numpy as np
from harness import Case

f32, f64 = np.float32, np.float64
SRC = "181_fastmath_functions.py"
N = 64


def functions_args(rng):
    x = rng.uniform(0.1, 1.4, N).astype(f32)
    x[:3] = [0.5, 1.0, 1.25]
    return [x, np.zeros((N, 7), f32)]


def functions_expect(a):
    v = a[0].astype(f64)
    out = np.stack([np.sin(v) + np.cos(v), np.tan(v), np.log(v) + np.log10(v) + np.log2(v),
                    np.exp(v) + np.exp2(v), v ** 1.5, np.tanh(v), np.tan(v)], axis=1)
    return {1: out.astype(f32)}


def divide_args(rng):
    r = rng.uniform(0.5, 2.0, N).astype(f32) * rng.choice([-1, 1], N).astype(f32)
    return [r, f32(0.0)]


def divide_expect(a):
    return {0: np.copysign(np.inf, a[0]).astype(f32)}


CASES = [
    Case(SRC, "fast_functions", grid=(2,), block=(32,), args=functions_args,
         expect=functions_expect, rtol=1e-3, atol=1e-5),
    Case(SRC, "fast_divide", grid=(2,), block=(32,), args=divide_args, expect=divide_expect,
         numba_skip="Numba's simulator divides with NumPy, whose division-by-zero warning is an "
                    "error under debug=True; numba-cuda on a GPU gives inf under fastmath "
                    "(its test_fastmath::test_divf_exception)"),
]
