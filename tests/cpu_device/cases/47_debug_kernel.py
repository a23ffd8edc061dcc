"""47: debug=True kernels.  checked_div is int32 floor division (Python
semantics, computed in int64 and wrapped on the int32 store: INT32_MIN // -1
stores INT32_MIN); checked_transpose_inplace swaps the lower and upper triangles
of a square matrix on a 2-d grid (one thread per pair, so race-free);
checked_fdiv divides floats, and by zero raises ZeroDivisionError (Numba's
Python error model with debug=True) where the numpy model gives inf;
checked_limit raises LimitError, an exception class of the program."""
import numpy as np
from harness import Case

N = 300
I32 = np.iinfo(np.int32)


def div_args(rng):
    a = rng.integers(-1000, 1000, N).astype(np.int32)
    b = rng.integers(1, 50, N).astype(np.int32) * rng.choice([-1, 1], N).astype(np.int32)
    a[:6] = [7, -7, 7, -7, I32.min, I32.max]
    b[:6] = [2, 2, -2, -2, -1, -1]
    return [a, b, np.zeros(N, np.int32)]


def div_expect(a):
    q = a[0].astype(np.int64) // a[1].astype(np.int64)  # floor division
    return {2: q.astype(np.int32)}  # INT32_MIN // -1 = 2**31 wraps to INT32_MIN


def tr_args(rng):
    return [rng.standard_normal((37, 37))]


CASES = [
    Case("47_debug_kernel.py", "checked_div", grid=(3,), block=(128,), args=div_args, expect=div_expect),
    Case("47_debug_kernel.py", "checked_transpose_inplace", grid=(5, 5), block=(8, 8), args=tr_args,
         expect=lambda a: {0: np.ascontiguousarray(a[0].T)}),
]


def fdiv_args(rng, zero_at=None):
    a = rng.standard_normal(N)
    b = rng.standard_normal(N)
    if zero_at is not None:
        b[zero_at] = 0.0
    return [a, b, np.zeros(N)]


def fdiv_expect(args):
    a, b = args[0], args[1]
    return {2: a / b + np.floor_divide(a, b) + np.mod(a, b)}


CASES += [
    Case("47_debug_kernel.py", "checked_fdiv", grid=(3,), block=(128,), args=fdiv_args,
         expect=fdiv_expect, rtol=1e-12),
    Case("47_debug_kernel.py", "checked_fdiv", grid=(1,), block=(32,), name="by_zero",
         args=lambda rng: fdiv_args(rng, zero_at=5), expect=lambda a: {},
         expect_error=r"exception raised: ZeroDivisionError: division by zero \(kernel `checked_fdiv`, "
                      r"block \(0,0,0\), thread \(5,0,0\), .*47_debug_kernel.py:\d+\)"),
]


CASES += [
    Case("47_debug_kernel.py", "checked_limit", grid=(2,), block=(64,),
         args=lambda rng: [rng.uniform(-1.0, 1.0, 100), np.float64(1.0)],
         expect=lambda a: {0: 2.0 * a[0]}),
    Case("47_debug_kernel.py", "checked_limit", grid=(2,), block=(64,), name="over",
         args=lambda rng: [np.where(np.arange(100) == 70, 5.0, 0.5), np.float64(1.0)],
         expect=lambda a: {},
         expect_error=r"exception raised: LimitError: value over the limit \(kernel `checked_limit`, "
                      r"block \(1,0,0\), thread \(6,0,0\), .*47_debug_kernel.py:\d+\)"),
]
