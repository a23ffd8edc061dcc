# expect: error at line 7: list literals are not supported in kernels (use cuda.local.array)
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])")
def poly3(x, out):
    coeffs = [1.0, -2.0, 0.5]
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i] = coeffs[0] + coeffs[1] * v + coeffs[2] * v * v
