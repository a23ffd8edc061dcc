# kernelc: --const TWIDDLE=complex128[8]
# Complex constant memory: the twiddle factors of a 16-point FFT stage,
# applied by radix-2 butterflies (one pair per thread).
import numpy as np
from numba import cuda

TWIDDLE = np.exp(-2j * np.pi * np.arange(8) / 16)


@cuda.jit("void(complex128[::1], complex64[::1])")
def butterfly(x, out32):
    tw = cuda.const.array_like(TWIDDLE)
    k = cuda.grid(1)
    if k < 8:
        a = x[k]
        b = x[k + 8] * tw[k]
        x[k] = a + b
        x[k + 8] = a - b
        out32[k] = np.complex64(tw[k].conjugate())
