# float32 inverse hyperbolic functions: asinh, acosh, atanh stay float32.
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[:, ::1])")
def inverse_hyperbolic(x, w, u, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i, 0] = math.asinh(x[i])
        out[i, 1] = math.acosh(w[i])
        out[i, 2] = math.atanh(u[i])
