# kernelc: --const TABLE=float64[5]
# kernelc: --const GRID=int32[3,4]
# kernelc: --const ROOTS=complex64[2]
# NumPy arrays read by their module-level names: Numba freezes each into
# the module as a read-only constant array (numba-cuda's
# make_constant_array), of the array's dtype, shape and layout; the host
# supplies the contents (the binding copies the array it captured).
import numpy as np
from numba import cuda

TABLE = np.float64([0.5, -1.25, 2.0, 3.75, 8.0])
GRID = np.arange(12, dtype=np.int32).reshape(3, 4)
ROOTS = np.array([1 + 2j, -0.5j], dtype=np.complex64)


@cuda.jit(device=True)
def weight(i):
    # A device function reads the global too.
    return TABLE[i % TABLE.size] * 2


@cuda.jit("void(float64[::1])")
def lookup(out):
    i = cuda.grid(1)
    if i < out.size:
        row = i % GRID.shape[0]
        col = i % GRID.shape[1]
        out[i] = TABLE[i % 5] + GRID[row, col] + weight(i) + TABLE[-1] * GRID.ndim


@cuda.jit("void(float32[::1])")
def spin(out):
    i = cuda.grid(1)
    if i < out.size:
        z = ROOTS[i % ROOTS.shape[0]]
        out[i] = z.real - z.imag + len(ROOTS)
