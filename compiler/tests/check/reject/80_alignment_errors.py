# expect: error at line 9: 'cuda.shared.array': the alignment must be a positive power of two and a multiple of 8, not 12
# expect: error at line 10: 'cuda.local.array': alignments above 16 bytes are not supported yet (kernelc aligns these arrays to 16), not 64
# expect: error at line 11: 'cuda.local.array' needs a constant integer alignment
from numba import cuda, float32


@cuda.jit("void(float32[::1], int64)")
def k(out, n):
    a = cuda.shared.array(8, float32, alignment=12)
    b = cuda.local.array(8, float32, alignment=64)
    c = cuda.local.array(8, float32, alignment=n)
    out[0] = a[0] + b[0] + c[0]
