# kernelc: --kernel scale --sig "void(float32[:], float32)"
# kernelc: --kernel offset2d --sig "void(float64[:, ::1], float64)"
# Lazily specialised kernels (no signature in the decorator); the test
# harness gives the signature on the command line instead.
from numba import cuda


@cuda.jit
def scale(x, factor):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= factor


@cuda.jit()
def offset2d(m, delta):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] += delta
