"""118: CUDA vector types: cross and dot products of float32x3 values built
in kernels and passed to device functions, and vectors built from smaller
ones; against NumPy in float32."""
import numpy as np
from harness import Case, fma

f32 = np.float32
SRC = "118_vector_types.py"
N = 64


def geometry_args(rng):
    p = rng.uniform(-2, 2, (N, 3)).astype(f32)
    q = rng.uniform(-2, 2, (N, 3)).astype(f32)
    return [p, q, np.zeros((N, 4), f32)]


def dot3(a, b, fused):
    """`a.x * b.x + a.y * b.y + a.z * b.z`; at -O2 each addition takes the
    product on its left, or its right one when the left is no product:
    fma(a.z, b.z, fma(a.x, b.x, a.y * b.y))."""
    if fused:
        return fma(a[2], b[2], fma(a[0], b[0], a[1] * b[1]))
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def geometry_expect(args, fused=False):
    p, q = args[0], args[1]
    out = np.zeros((N, 4), f32)
    for i in range(N):
        a, b = p[i], q[i]
        # Differences of products: never fused.
        c = np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                      a[0] * b[1] - a[1] * b[0]], f32)
        if dot3(a, b, fused) < 0:
            c = -c
        out[i, :3] = c
        out[i, 3] = dot3(a, c, fused)
    return {2: out}


def widen_args(rng):
    return [rng.integers(-1000, 1000, N).astype(np.int32),
            rng.integers(0, 256, (N, 4)).astype(np.uint8), np.zeros(N)]


def widen_expect(args):
    n, rgba = args[0].astype(np.int64), args[1].astype(np.float64)
    return {2: n * 0.5 + (n + 1) + rgba[:, 0] + 255 + 7}


CASES = [
    Case(SRC, "geometry", grid=(2,), block=(32,), args=geometry_args, expect=geometry_expect,
         fused=lambda a: geometry_expect(a, fused=True)),
    Case(SRC, "widen", grid=(2,), block=(32,), args=widen_args, expect=widen_expect),
]
