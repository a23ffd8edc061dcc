# kernelc: --const WEIGHTS=float32[16]
# kernelc: --const BIAS=float64[4]
# Constant arrays that exist only on the host side: imported from a host
# module (WEIGHTS) or not defined in this file at all (BIAS); the host
# supplies their contents (contract section 1).
from numba import cuda
from tables import WEIGHTS


@cuda.jit("void(int32[::1], float64[::1])")
def lookup(idx, out):
    w = cuda.const.array_like(WEIGHTS)
    b = cuda.const.array_like(BIAS)
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = w[idx[i] % 16] + b[i % 4]
