"""pow/fabs/floor/ceil/trunc/copysign/fmod/hypot on float32 (float32 sums)
and float64 (float64 sum stored to float32), with negatives and f[0] = -2
(negative sign for copysign; an integer base so pow(x, x) is defined).
quantise: int(floor(x/0.25 + 0.5)) and fmod(x, 0.25) with negatives."""
import numpy as np
from harness import Case

F = np.float32


def misc_args(rng):
    f = (rng.random(100) * 4 + 0.1).astype(F)
    f[0] = -2.0
    d = rng.standard_normal(100) * 10
    return [f, d, np.zeros((100, 2), F)]


def misc_expect(a):
    f, d, out = a[0], a[1], a[2].copy()
    x, x64, f0 = f, f.astype(np.float64), float(f[0])
    c0 = [np.power(x64, x64).astype(F), np.abs(x), np.floor(x), np.ceil(x), np.trunc(x),
          np.copysign(x, f[0]), np.hypot(x64, f0).astype(F)]
    acc = np.zeros(x.size, F)
    for c in c0:
        acc = acc + c
    y = d
    c1 = [y ** 2.0, np.fmod(x64, 3.0), np.floor(y), np.ceil(y), np.trunc(y), np.abs(y), np.copysign(1.0, y),
          np.hypot(y, y), np.fmod(y, y)]
    acc1 = np.zeros(y.size)
    for c in c1:
        acc1 = acc1 + c
    out[:, 0], out[:, 1] = acc, acc1.astype(F)
    return {2: out}


def quant_expect(a):
    x = a[0]
    return {0: np.fmod(x, 0.25), 1: np.floor(x / 0.25 + 0.5).astype(np.int64)}


CASES = [
    Case("35_math_rounding_misc.py", "misc_math", grid=(2,), block=(64,), args=misc_args, expect=misc_expect,
         rtol=1e-6, numba_skip="the simulator calls math.trunc on np.float32, which has no __trunc__"),
    Case("35_math_rounding_misc.py", "quantise", grid=(2,), block=(64,),
         args=lambda rng: [np.concatenate([[-0.375, -0.125, 0.125, 0.375, -1.0], rng.standard_normal(95) * 4]),
                           np.zeros(100, np.int64)], expect=quant_expect),
]
