"""200: NumPy ufuncs on scalars in the loop Numba picks (an integer meets
a float32 in float32), np.divide and np.true_divide (Smith's algorithm for
complex numbers), np.conj and NumPy 2's other ufunc names; against NumPy
computing in the same loop types."""
import numpy as np
from harness import Case

f32, f64, c64 = np.float32, np.float64, np.complex64
N = 40


def smith(a, b):
    """NumPy's complex division loop, in the parts' own precision."""
    ar, ai, br, bi = a.real, a.imag, b.real, b.imag
    t = type(ar)
    if abs(br) >= abs(bi):
        if br == 0 and bi == 0:
            return complex(ar / abs(br), ai / abs(bi))
        rat = bi / br
        scl = t(1.0) / (br + bi * rat)
        return complex((ar + ai * rat) * scl, (ai - ar * rat) * scl)
    rat = br / bi
    scl = t(1.0) / (bi + br * rat)
    return complex((ar * rat + ai) * scl, (ai * rat - ar) * scl)


def expect(args):
    out, f, n, z = args
    out = out.astype(np.float64)
    with np.errstate(all="ignore"):
        for i in range(n.size):
            x, k = f[i], n[i]
            kf = f32(k)
            r = out[12 * i:12 * i + 12]
            r[0] = np.arctan2(x, kf)
            r[1] = (np.hypot(kf, x) + np.maximum(x, kf)) + np.fmin(f32(np.int64(k).astype(np.int16)), x)
            r[2] = (kf / x) + f32(f32(np.int64(k).astype(np.int8)) / f32(3))
            r[3] = f64(k) / 7 + f64(k) / 0.0
            # Exact: 16777217 is 16777216 in float32 (float64 would give 2).
            r[4] = int(x < kf) + int(kf >= x) + (f64(max(x, kf)) - f64(k))
            r[5] = f64(k) + f64(x)
            r[6] = ((np.arcsin(f64(0.25) * x) + np.arccos(0.125)) + f64(np.arctan(x))) + f64(np.arctan2(x, f32(2)))
            r[7] = (f64(np.arcsinh(x)) + np.arccosh(f64(k) + 1.0)) + np.arctanh(0.5)
            r[8] = (~k + (k << 2)) + (k >> 1)
            q = smith(z[i], z[i + 1])
            r[9] = q.real + (-q.imag)
            q = smith(z[i], 0j)
            r[10] = q.real
            zc = c64(z[i])
            r[11] = smith(complex(f32(zc.real), f32(zc.imag)), complex(f32(3), f32(0))).imag
    return {0: out.astype(np.float32)}


def args(rng):
    f = rng.uniform(-4, 4, N).astype(np.float32)
    n = rng.integers(0, 40, N).astype(np.int64)
    n[:2] = [16777217, 3]
    f[:2] = [16777216.0, -0.0]
    z = rng.uniform(-3, 3, N + 1) + 1j * rng.uniform(-3, 3, N + 1)
    z[1] = 0.5 + 0j
    z[3] = 0j
    return [np.zeros(12 * N, np.float32), f, n, z]


CASES = [
    Case("200_ufunc_loops.py", "ufunc_loops", grid=(2,), block=(32,), args=args, expect=expect,
         rtol=2e-6,
         numba_skip="Numba's simulator runs NumPy's own promotion (an int64 meets a float32 in "
                    "float64); compiled Numba's ufunc_can_cast picks the float32 loop, which "
                    "this reference follows (checked against numba-cuda's own PTX on the "
                    "emulated driver: all 480 elements agree)"),
]
