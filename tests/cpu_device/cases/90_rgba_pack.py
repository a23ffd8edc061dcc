"""90: pack float RGBA into uint32 words (clamp to [0, 1] in float64, scale by
255, add 0.5, truncate) and unpack words into channels / 255.0 (float64
division stored float32).  Inputs include out-of-range and boundary values."""
import numpy as np
from harness import Case

N = 300


def pack_args(rng):
    c = rng.uniform(-0.2, 1.2, (N, 4)).astype(np.float32)
    c[0] = [0.0, 1.0, -0.0, 0.5]
    c[1] = [np.float32(0.5 / 255), np.float32(1.5 / 255), -np.inf, np.inf]
    return [c, np.zeros(N, np.uint32)]


def pack_expect(a):
    b = (np.clip(a[0].astype(np.float64), 0.0, 1.0) * 255.0 + 0.5).astype(np.uint32)
    return {1: (b[:, 3] << 24) | (b[:, 2] << 16) | (b[:, 1] << 8) | b[:, 0]}


def unpack_args(rng):
    w = rng.integers(0, 2**32, N, dtype=np.uint32)
    w[:2] = [0, 2**32 - 1]
    return [w, np.zeros((N, 4), np.float32)]


def unpack_expect(a):
    w = a[0]
    ch = np.stack([(w >> np.uint32(8 * c)) & np.uint32(0xFF) for c in range(4)], axis=1)
    return {1: (ch.astype(np.float64) / 255.0).astype(np.float32)}


CASES = [
    Case("90_rgba_pack.py", "pack_rgba", grid=(3,), block=(128,), args=pack_args, expect=pack_expect),
    Case("90_rgba_pack.py", "unpack_rgba", grid=(3,), block=(128,), args=unpack_args, expect=unpack_expect),
]
