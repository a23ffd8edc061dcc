"""** with int and float exponents.  powers: one thread; inputs chosen so that
every power is exactly representable (2.25**0.5 = 1.5, 0.5**-3 = 8; exact pow results), int powers in
int64.  polynomial: sum (p+1) * x**p, float64 with an int64 exponent."""
import numpy as np
from harness import Case


def pow_args(rng):
    return [np.array([2.25, 2.0, 0], np.float32), np.array([0.5, 0.0]), np.array([-3, 5], np.int32),
            np.zeros(2, np.int64)]


def pow_expect(a):
    f, d, i, out = (x.copy() for x in a)
    f0, f1 = float(f[0]), float(f[1])
    out[0] = int(i[0]) ** 2 + int(i[0]) ** int(i[1]) + 1024
    d[1] = float(np.float32(f0 * f0)) + f0 ** 0.5 + float(np.float32(f0 ** f1)) + d[0] ** 3 + d[0] ** int(i[0]) + 0.5
    f[2] = np.float32(f0 ** f1)
    return {0: f, 1: d, 3: out}


def poly_expect(deg):
    def expect(a):
        x = a[0]
        acc = np.zeros_like(x)
        for p in range(deg + 1):
            acc = acc + (p + 1) * x ** p
        return {0: acc}
    return expect


CASES = [
    Case("26_power.py", "powers", grid=(2,), block=(32,), args=pow_args, expect=pow_expect),
    Case("26_power.py", "polynomial", grid=(3,), block=(32,), args=lambda rng: [rng.standard_normal(70) * 2, np.int32(6)],
         expect=poly_expect(6), rtol=1e-14, atol=1e-14),
    Case("26_power.py", "polynomial", grid=(1,), block=(64,), args=lambda rng: [rng.standard_normal(50), np.int32(0)],
         expect=poly_expect(0), name="degree0"),
]
