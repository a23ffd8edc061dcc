"""Python floor // and % : int32 operands widened to int64 (INT32_MIN // -1 =
2**31 fits), zero divisors guarded; float32 // 2.5 is a float64 floor
division, x % x[0] a float32 modulo with a negative divisor; periodic wrap of
coordinates with (i - 1) % n."""
import numpy as np
from harness import Case


def int_args_edge(rng):
    a, b, q, r = int_args(rng)
    a[:4] = [-2**31, -2**31, 2**31 - 1, -7]
    b[:4] = [-1, 7, -2, 0]
    return [a, b, q, r]


def int_args(rng):
    a = rng.integers(-1000, 1000, 300, dtype=np.int32)
    b = rng.integers(-9, 10, 300, dtype=np.int32)
    b[0] = 0
    return [a, b, np.full(300, 99, np.int64), np.full(300, 99, np.int64)]


def int_expect(a):
    x, y = a[0].astype(np.int64), a[1].astype(np.int64)
    ys = np.where(y == 0, 1, y)
    return {2: np.where(y == 0, 0, x // ys), 3: np.where(y == 0, 0, x % ys)}


def float_args(rng):
    x = (rng.standard_normal(200) * 10).astype(np.float32)
    x[0] = -3.3
    y = rng.standard_normal(200) * 10
    y[0] = 1.7
    return [x, y, np.zeros(200, np.float32), np.zeros(200)]


def float_expect(a):
    x, y = a[0], a[1]
    fq = np.floor_divide(x.astype(np.float64), 2.5).astype(np.float32)
    fq = (fq.astype(np.float64) + (-4 + 2)).astype(np.float32)
    wrapped = np.remainder(x, x[0])                     # float32
    fr = np.remainder(y, 1.5) + (wrapped.astype(np.float64) + np.floor_divide(y, y[0]))
    return {2: fq, 3: fr}


def wrap_expect(a):
    n, m = a[0].shape
    i, j = np.indices((n, m))
    return {0: ((i - 1) % n) * m + (j - 1 + m) % m}


CASES = [
    Case("27_floor_div_mod.py", "int_divmod", grid=(3,), block=(128,), args=int_args, expect=int_expect),
    Case("27_floor_div_mod.py", "int_divmod", grid=(3,), block=(128,), args=int_args_edge, expect=int_expect,
         name="int32_edges",
         numba_skip="the simulator divides np.int32 scalars in int32 (INT32_MIN // -1 wraps); Numba widens to int64"),
    Case("27_floor_div_mod.py", "float_divmod", grid=(2,), block=(128,), args=float_args, expect=float_expect),
    Case("27_floor_div_mod.py", "wrap_coords", grid=(2, 3), block=(8, 8),
         args=lambda rng: [np.full((13, 21), -1, np.int64)], expect=wrap_expect),
]
