"""5-point Laplacian (float64, chained-comparison interior test; the border
is set to 0) and one float32 Jacobi step (border untouched), on grids that
overhang the arrays."""
import numpy as np
from harness import Case


def lap_expect(a):
    u, h = a[0], a[2]
    out = np.zeros_like(u)
    c = u[1:-1, 1:-1]
    out[1:-1, 1:-1] = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * c) / (h * h)
    return {1: out}


def jac_expect(a):
    u, un = a[0], a[1].copy()
    s = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]          # float32 sums
    un[1:-1, 1:-1] = (0.25 * s.astype(np.float64)).astype(np.float32)
    return {1: un}


CASES = [
    Case("18_stencil_2d_laplace.py", "laplace", grid=(4, 6), block=(8, 8),
         args=lambda rng: [rng.standard_normal((30, 45)), np.full((30, 45), np.nan), np.float64(0.1)],
         expect=lap_expect),
    Case("18_stencil_2d_laplace.py", "jacobi_step", grid=(3, 3), block=(8, 16),
         args=lambda rng: [rng.standard_normal((20, 33)).astype(np.float32),
                           rng.standard_normal((20, 33)).astype(np.float32)],
         expect=jac_expect),
]
