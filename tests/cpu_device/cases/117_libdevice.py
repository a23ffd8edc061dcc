"""117: cuda.libdevice functions, against Python/NumPy written out with
libdevice's semantics (unsigned int32 functions on the int32's bits, the
high halves of full products, byte_perm's byte selection, float16 rounding).
Every function is also compared with NVIDIA's libdevice itself in
tests/emucuda/test_libdevice_numba.py."""
import math

import numpy as np
from harness import Case

f32, f64 = np.float32, np.float64
SRC = "117_libdevice.py"
N = 64
M32 = 0xFFFF_FFFF
M64 = (1 << 64) - 1


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def floats_args(rng):
    x = rng.uniform(0.1, 4.0, N)
    x[:4] = [0.5, 1.0, 2.25, 3.0]
    y = rng.uniform(0.1, 3.0, N).astype(f32)
    y[:4] = [0.5, 1.5, 2.5, 1e-3]
    return [x, y, np.zeros((N, 5)), np.zeros((N, 4), f32)]


def floats_expect(args):
    x, y = args[0], args[1]
    out = np.zeros((N, 5))
    for i, v in enumerate(x):
        v = float(v)
        m, e = math.frexp(v)
        out[i] = [math.sin(v) + 10.0 ** v,
                  1 / math.sqrt(v) * 0.5 * math.erfc(-v / math.sqrt(2)),
                  math.sin(math.pi * v) - math.cos(math.pi * v),
                  m * e + (e - 1) + (e - 1),
                  max(v - 1.5, 0.0) + max(v, 0.0)]
    w = y.astype(f64)
    half = y.astype(np.float16).astype(f32)
    out32 = np.stack([np.sin(w) * np.clip(w, 0, 1), w ** 3 + w ** 2,
                      np.floor(w + 0.5) + np.rint(w), half.astype(f64)], axis=1).astype(f32)
    return {2: out, 3: out32}


def byte_perm(x, y, s):
    v = ((y & M32) << 32) | (x & M32)
    r = 0
    for n in range(4):
        sel = (s >> (4 * n)) & 7
        r |= ((v >> (8 * sel)) & 0xFF) << (8 * n)
    return s32(r)


def integers_args(rng):
    a = rng.integers(-2 ** 31, 2 ** 31, N, dtype=np.int64).astype(np.int32)
    a[:6] = [0, 1, -1, 7, -8, 2 ** 31 - 1]
    b = rng.integers(-2 ** 63, 2 ** 63 - 1, N, dtype=np.int64)
    b[:4] = [0, 1, -1, 2 ** 40]
    back = rng.standard_normal(N) * 1e3
    return [a, b, np.zeros((N, 5), np.int32), np.zeros((N, 2), np.int64), back]


def integers_expect(args):
    a, b, back = args[0], args[1], args[4]
    out = np.zeros((N, 5), np.int32)
    out64 = np.zeros((N, 2), np.int64)
    for i in range(N):
        ai, bi = int(a[i]), int(b[i])
        au = ai & M32
        umax = s32(max(au, 7))
        mulhi = s32((ai * (1 << 20)) >> 32)
        umulhi = s32((au * au) >> 32)
        sad = s32(abs(ai - 5) + 1)
        bu = bi & M64
        clz = 32 - au.bit_length()
        ffsll = (bu & -bu).bit_length()
        out[i] = [s32(umax + min(ai, -3)), mulhi ^ umulhi,
                  s32(byte_perm(ai, 0x01020304, 0x3210) + sad),
                  bin(bu).count("1") + clz + ffsll, 2 + 3]
        brev = int(format(bu, "064b")[::-1], 2)
        out64[i] = [s64(((bi * bi) >> 64) + brev),
                    s64(round(float(back[i])) + int(np.float64(1.0).view(np.int64)))]
    return {2: out, 3: out64, 4: back.copy()}


NO_LIBDEVICE = ("Numba's simulator has no libdevice functions (its stubs return None); real "
                "Numba CUDA runs every one in tests/emucuda/test_libdevice_numba.py")

CASES = [
    Case(SRC, "floats", grid=(2,), block=(32,), args=floats_args, expect=floats_expect,
         rtol=2e-6, atol=1e-15, numba_skip=NO_LIBDEVICE),
    Case(SRC, "integers", grid=(2,), block=(32,), args=integers_args, expect=integers_expect,
         numba_skip=NO_LIBDEVICE),
]
