"""133: float32 atan, atan2, asin, acos, hypot and cbrt (float32
algorithms, libdevice's bounds: atanf, asinf, acosf 2 ulp, atan2f, hypotf
3, cbrtf 1) against NumPy's float64 rounded to float32, with a tolerance
of a few float32 ulps; every quadrant of atan2, |u| up to and past 1, and
the special values (zeros, infinities, NaN, subnormals, huge)."""
import numpy as np
from harness import Case

F = np.float32
N = 256
SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -3e38, 1.0, -1.0]


def args(rng, special=True):
    x = (rng.standard_normal(N) * 4).astype(F)
    y = (rng.standard_normal(N) * 4).astype(F)
    u = rng.uniform(-1, 1, N).astype(F)
    k = len(SPECIALS)
    if special:
        x[:20] = (2.0 ** rng.uniform(-120, 120, 20) * rng.choice([-1, 1], 20)).astype(F)
        x[-k:] = np.array(SPECIALS, F)
        y[-2 * k:-k] = np.array(SPECIALS, F)
        y[-k:] = np.array(SPECIALS[::-1], F)
        u[-k:] = np.array([0.0, -0.0, 1.0, -1.0, np.nan, 1e-40, 1.5, 0.5, -0.5], F)
    else:
        # Numba's simulator takes cbrt of a negative number as a NaN (and
        # of a huge or tiny one to only a few float32 ulps).
        x = np.abs(x)
    return [x, y, u, np.zeros((N, 6), F)]


def expect(a):
    x, y, u = (v.astype(np.float64) for v in a[:3])
    with np.errstate(all="ignore"):
        out = np.stack([np.arctan(x), np.arctan2(y, x), np.arcsin(u), np.arccos(u),
                        np.hypot(x, y), np.cbrt(x)], axis=1)
    return {3: out.astype(F)}


CASES = [
    Case("133_f32_angles.py", "angles", grid=(2,), block=(128,),
         args=lambda rng: args(rng, special=False), expect=expect, rtol=4e-7, atol=1e-44),
    Case("133_f32_angles.py", "angles", grid=(2,), block=(128,),
         args=args, expect=expect, rtol=4e-7, atol=1e-44,
         numba_skip="the simulator runs Python's math module, which raises on domain and range errors (the GPU gives NaN or infinity, as NumPy does); the finite case above is validated"),
]
