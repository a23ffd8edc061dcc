from numba import cuda


@cuda.jit
def scale(a, k, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * k
