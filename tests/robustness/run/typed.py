from numba import cuda


@cuda.jit("void(float32[::1], float32, float32[::1])")
def typed(a, k, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * k


@cuda.jit("void(int32[::1])")
def other(a):
    a[0] = 1
