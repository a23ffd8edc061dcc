# boundscheck=True: out-of-range indices are reported instead of corrupting memory.
# (numba-cuda itself refuses boundscheck=True; see tests/numba/KNOWN_DIFFERENCES.md)
from numba import cuda


@cuda.jit("void(float32[::1], int64[::1], float32[::1])", boundscheck=True)
def gather_checked(src, idx, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[idx[i]]
