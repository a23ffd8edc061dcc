"""56: signed element types.  widen sums int8+int16+int32+int64 in int64 and
stores x8*1000, x16+1 (wraps at 32767) and -x8 (wraps at -128); row_sums_i8
sums int8 rows in int64 and stores int32.

The simulator computes on NumPy scalars in their own width (int8 + int16 is
int16, `0 + np.int8` stays int8, np.int8 * 1000 raises), so it cannot run
widen at all; row_sums_i8's simulator case keeps partial sums inside int8 and
the "int64_promotion" cases need Numba's int64 arithmetic."""
import numpy as np
from harness import Case

N = 300


def widen_args(rng, promote):
    a8 = rng.integers(-128, 128, N).astype(np.int8)
    a16 = rng.integers(-30000, 30000, N).astype(np.int16)
    a32 = rng.integers(-2**31, 2**31, N).astype(np.int32)
    a64 = rng.integers(-2**62, 2**62, N).astype(np.int64)
    a8[:4] = [-128, 127, 0, -1]
    a16[:4] = [32767, -32768, 32767, -32768]  # x16 + 1 wraps; x8 + x16 stays in int16
    a64[:2] = [2**63 - 1, -2**63]  # the int64 sum wraps
    if promote:
        a8[4:6] = [127, -128]
        a16[4:6] = [32767, -32768]  # x8 + x16 leaves the int16 range
    return [a8, a16, a32, a64]


def widen_expect(a):
    a8, a16, a32, a64 = (x.astype(np.int64) for x in a)
    with np.errstate(over="ignore"):
        s = a8 + a16 + a32 + a64
    return {0: (-a8).astype(np.int8), 1: (a16 + 1).astype(np.int16),
            2: (a8 * 1000).astype(np.int32), 3: s}


def rows_args(rng, promote):
    if promote:
        m = rng.integers(-128, 128, (50, 77)).astype(np.int8)
        m[0] = 127
        m[1] = -128
    else:
        m = rng.integers(-1, 2, (50, 77)).astype(np.int8)  # partial sums stay within int8
    return [m, np.zeros(50, np.int32)]


CASES = [
    Case("56_dtype_signed_ints.py", "widen", grid=(3,), block=(128,), args=lambda r: widen_args(r, False),
         expect=widen_expect,
         numba_skip="simulator evaluates x8 * 1000 on np.int8 and NumPy 2 raises (1000 out of bounds for int8)"),
    Case("56_dtype_signed_ints.py", "widen", grid=(3,), block=(128,), args=lambda r: widen_args(r, True),
         expect=widen_expect, name="int64_promotion",
         numba_skip="simulator adds np.int8 + np.int16 in int16 (overflows); Numba adds in int64"),
    Case("56_dtype_signed_ints.py", "row_sums_i8", grid=(2,), block=(32,), args=lambda r: rows_args(r, False),
         expect=lambda a: {1: a[0].astype(np.int64).sum(axis=1).astype(np.int32)}),
    Case("56_dtype_signed_ints.py", "row_sums_i8", grid=(2,), block=(32,), args=lambda r: rows_args(r, True),
         expect=lambda a: {1: a[0].astype(np.int64).sum(axis=1).astype(np.int32)}, name="int64_promotion",
         numba_skip="simulator keeps `0 + np.int8` in int8 (NEP 50) and wraps; Numba sums in int64"),
]
