# Element-wise vector addition: the canonical first CUDA kernel.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def vector_add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]
