"""183: bfloat16 arrays and scalars (NumPy's through ml_dtypes, saved as
`<V2` .npy files): hfma and products rounded once, mixed arithmetic with
float32 and float64, the overloaded math.sqrt and float32 math.atan,
comparisons and hisinf/hisnan. Inputs are multiples of 1/8 below 32 in
magnitude (8 significant bits), so every sum and product the reference
computes in float32 is exact and ml_dtypes' rounding of it is the one
rounding the kernel does; bf16_mixed's float32 sum holds math.atan, whose
last bit may differ from NumPy's (an absolute tolerance of 1e-5). Numba's
simulator has no bfloat16."""
import numpy as np
from harness import Case

ml_dtypes = __import__("ml_dtypes")
BF16 = ml_dtypes.bfloat16
N = 300


def eighths(rng, n):
    return (rng.integers(-255, 256, n) / 8.0).astype(np.float32)


def bf(x):
    return np.asarray(x, np.float32).astype(BF16)


def axpy_args(rng):
    return [bf(eighths(rng, N)), bf(eighths(rng, N)), np.zeros(N, BF16)]


def axpy_expect(a):
    x, y = (v.astype(np.float32) for v in a[:2])
    fma = bf(np.float32(2.5) * x + y).astype(np.float32)
    prod = bf(x * y).astype(np.float32)
    return {2: bf(fma + prod).view("V2")}


def mixed_args(rng):
    out = eighths(rng, N)
    return [out, BF16(1.375), np.zeros(N, np.int32)]


def mixed_expect(a):
    f, b = a[0], np.float32(a[1])
    s = np.float32(bf(b + b))
    w = b * f
    d = np.float64(b) - 1.0
    r = np.float32(bf(np.sqrt(s)))
    t = np.arctan(s)
    m = max(s, r)
    mn = min(s, -r)
    out = ((np.float32(m) + w) + np.float32(d)) + t + np.float32(mn)
    flags = np.int32(np.isnan(s)) + np.int32(np.isinf(r)) + np.int32(s <= r) + (b < f).astype(np.int32)
    return {0: out.astype(np.float32), 2: flags.astype(np.int32)}


def convert_args(rng):
    return [eighths(rng, N).astype(np.float64), np.zeros(N, BF16)]


def convert_expect(a):
    b = bf(a[0]).astype(np.float32)
    c = bf(b + 1).astype(np.float32)
    return {1: bf(np.where(c > b, c, -c)).view("V2")}


CASES = [
    Case("183_bfloat16.py", "bf16_axpy", grid=(2,), block=(256,), args=axpy_args, expect=axpy_expect),
    Case("183_bfloat16.py", "bf16_mixed", grid=(2,), block=(256,), args=mixed_args, expect=mixed_expect,
         atol=1e-5),
    Case("183_bfloat16.py", "bf16_convert", grid=(2,), block=(256,), args=convert_args, expect=convert_expect),
]
