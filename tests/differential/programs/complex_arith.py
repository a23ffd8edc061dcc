# seed 4372, features all, signature void(int8[::1], float32[::1], float64[::1], float64[::1], float64[:, ::1], uint64[:, ::1])
# Complex arithmetic bit for bit as numba-cuda computes it (the referee's
# NVVM does not fuse multiply-adds, as kernelc never does): complex128 and
# complex64 products, sums and CPython's quotient, mixed with int8 and
# float32 operands (Numba's promotion), comparisons and truth, on the
# seed's inputs (NaN and infinities among them).
import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, a3, o0, o1):
    i = cuda.grid(1)
    z = complex(a2[i], a3[i])
    w32 = complex(a1[i], np.float32(-0.5) * a1[i])
    p = z * w32 + a0[i]
    q32 = w32 * w32 - w32
    d = z / (w32 if w32 != 0 else 1j)
    e = (z - 2.5j) / (w32 + a0[i] + 0.25)
    o0[i, 0] = p.real + p.imag
    o0[i, 1] = d.real - d.imag
    o0[i, 2] = q32.real * q32.imag
    o0[i, 3] = e.real + e.conjugate().imag
    o1[i, 0] = (z == w32) + 2 * (z != w32) + 4 * (not z)
    o1[i, 1] = (-z).real > 0
    o1[i, 2] = (z or w32) == z
