# lineinfo=True: the .loc directives of the device functions' inlined code
# name each function and the call it was inlined at (`function_name`,
# `inlined_at`, the names in a .section .debug_str), as NVVM writes them.
from numba import cuda


@cuda.jit(device=True)
def scale(x, k):
    return x * k


@cuda.jit(device=True)
def scale_and_shift(x):
    return scale(x, 2.0) + 1.0


@cuda.jit("void(float32[::1], float32[::1])", lineinfo=True)
def lineinfo_inlined(out, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = scale_and_shift(a[i])
