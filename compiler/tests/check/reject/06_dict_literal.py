# expect: error at line 7: dict literals are not supported in kernels
from numba import cuda


@cuda.jit("void(int32[::1], float32[::1])")
def lookup_weights(codes, out):
    weights = {0: 0.5, 1: 1.0, 2: 2.0}
    i = cuda.grid(1)
    if i < codes.size:
        out[i] = weights[codes[i]]
