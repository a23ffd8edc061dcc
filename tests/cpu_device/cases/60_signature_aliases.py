"""60: short dtype aliases in signatures.  aliases_basic stores f4 + i4 in
float64 and i4 * 2 in int64; aliases_small adds u1 + u2 + u4 in uint64, doubles
i1 into i2 and tests f2 > 0 into b1; aliases_scalars scales the first n rows of
an f4 matrix by an f8 (product rounded from float64).

The simulator multiplies np.int32/np.int8 by 2 in their width and adds u1+u2+u4 in uint32, so
its cases keep those products and the sum in range; the "wide" cases need Numba's int64/uint64 arithmetic."""
import numpy as np
from harness import Case

N = 300


def basic_args(rng, wide):
    c = rng.integers(-2**30, 2**30, N).astype(np.int32)  # c * 2 stays in int32 for the simulator
    if wide:
        c[:2] = [2**31 - 1, -2**31]
    return [rng.standard_normal(N).astype(np.float32), np.zeros(N), c, np.zeros(N, np.int64)]


def small_args(rng, wide):
    a = rng.integers(-64, 64, N).astype(np.int8)
    c = rng.integers(0, 256, N, dtype=np.uint8)
    d = rng.integers(0, 65536 - 256, N, dtype=np.uint16)
    e = rng.integers(0, 2**32 - 2**17, N, dtype=np.uint32)
    g = (rng.standard_normal(N)).astype(np.float16)
    g[:4] = [0.0, -0.0, np.nan, 6e-8]
    if wide:
        a[:2] = [127, -128]
        c[:2] = 255
        d[:2] = 65535
        e[:2] = 2**32 - 1
    return [a, np.zeros(N, np.int16), c, d, e, np.zeros(N, np.uint64), g, np.ones(N, np.bool_)]


def small_expect(a):
    f = a[2].astype(np.uint64) + a[3].astype(np.uint64) + a[4].astype(np.uint64)
    return {1: (a[0].astype(np.int64) * 2).astype(np.int16), 5: f, 7: a[6] > 0}


def scal_expect(a):
    m, n, s = a
    m = m.copy()
    m[:n] = (m[:n].astype(np.float64) * s).astype(np.float32)
    return {0: m}


CASES = [
    Case("60_signature_aliases.py", "aliases_basic", grid=(3,), block=(128,), args=lambda r: basic_args(r, False),
         expect=lambda a: {1: a[0].astype(np.float64) + a[2], 3: a[2].astype(np.int64) * 2}),
    Case("60_signature_aliases.py", "aliases_basic", grid=(3,), block=(128,), args=lambda r: basic_args(r, True),
         expect=lambda a: {1: a[0].astype(np.float64) + a[2], 3: a[2].astype(np.int64) * 2}, name="wide",
         numba_skip="simulator computes np.int32 * 2 in int32 (wraps); Numba computes c * 2 in int64"),
    Case("60_signature_aliases.py", "aliases_small", grid=(3,), block=(128,), args=lambda r: small_args(r, False),
         expect=small_expect),
    Case("60_signature_aliases.py", "aliases_small", grid=(3,), block=(128,), args=lambda r: small_args(r, True),
         expect=small_expect, name="wide",
         numba_skip="simulator computes np.int8 * 2 in int8 and u1+u2+u4 in uint32; Numba uses int64/uint64"),
    Case("60_signature_aliases.py", "aliases_scalars", grid=(3, 2), block=(4, 8),
         args=lambda rng: [rng.standard_normal((10, 13)).astype(np.float32), np.int64(7), np.float64(0.3)],
         expect=scal_expect),
]
