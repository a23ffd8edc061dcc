# Pointers (Numba's `CPointer`, printed `float32*`): a kernel parameter
# typed `CPointer(dtype)` is an address; `p[i]` reads and writes element
# `i` with no bounds and no wraparound, its index normalised to intp or
# uintp; `ffi.from_buffer(a)` of a contiguous array is a pointer to its
# data; pointers pass to device functions (specialised on them).
import cffi
import numpy as np
from numba import cuda
from numba.cuda import types

ffi = cffi.FFI()


@cuda.jit(device=True)
def total(p, n):
    s = 0.0
    for i in range(n):
        s += p[i]
    return s


@cuda.jit(types.void(types.CPointer(types.uint8), types.uint32))
def add_one(x, n):
    i = cuda.grid(1)
    if i < n:
        x[i] += 1


@cuda.jit("void(CPointer(float32), int64, float32[::1])")
def shifted(p, k, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = p[i - k] * 2 + p[np.uint32(i)]


@cuda.jit("void(float64[::1], float32[::1], int16[:, ::1], complex64[::1])")
def from_buffers(out, a, m, z):
    if cuda.grid(1) != 0:
        return
    p = ffi.from_buffer(a)
    q = ffi.from_buffer(m)
    w = ffi.from_buffer(z)
    out[0] = total(p, a.size)
    out[1] = q[m.shape[1] + 1]
    out[2] = w[1].imag
    q[0] = 7
    p[np.uint8(1)] += 1.5
    w[0] = w[1] * 2


@cuda.jit("void(CPointer(int32), CPointer(float64), int64)")
def cached(src, dst, n):
    # Cache-hint loads and stores take pointers too (numba-cuda's
    # `_validate_arguments`): one integer index.
    i = cuda.grid(1)
    if i < n:
        cuda.stcs(dst, i, cuda.ldcg(src, i) * 0.5)
