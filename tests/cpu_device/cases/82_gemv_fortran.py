"""82: y = alpha * A @ x + beta * y on a Fortran-ordered float32 matrix.  Each
product A[row, col] * x[col] is float32 and the sum is float64 (acc starts at
0.0); alpha * acc is float64, beta * y float32.  The "dyadic" case keeps
every value a small multiple of 1/8 so all of that is exact (the simulator
sums in float32); the "random" case checks the float64 accumulation."""
import numpy as np
from harness import Case

M, K = 45, 70


def args(dyadic):
    def make(rng):
        if dyadic:
            A = (rng.integers(-16, 17, (M, K)) / 8).astype(np.float32)
            x = (rng.integers(-16, 17, K) / 8).astype(np.float32)
            y = (rng.integers(-16, 17, M) / 8).astype(np.float32)
            return [np.asfortranarray(A), x, y, np.float32(1.5), np.float32(-0.25)]
        A = rng.standard_normal((M, K)).astype(np.float32)
        return [np.asfortranarray(A), rng.standard_normal(K).astype(np.float32),
                rng.standard_normal(M).astype(np.float32), np.float32(1.3), np.float32(-0.7)]
    return make


def expect(a):
    A, x, y, alpha, beta = a
    prod = A * x[None, :]  # float32 products
    acc = np.zeros(M)
    for col in range(K):
        acc = acc + prod[:, col].astype(np.float64)
    out = np.float64(alpha) * acc + (beta * y).astype(np.float64)
    return {2: out.astype(np.float32)}


CASES = [
    Case("82_gemv_fortran.py", "gemv", grid=(2,), block=(32,), args=args(True), expect=expect, name="dyadic"),
    Case("82_gemv_fortran.py", "gemv", grid=(2,), block=(32,), args=args(False), expect=expect, name="random",
         numba_skip="simulator keeps `0.0 + float32` in float32 (NEP 50); Numba types acc as float64"),
]
