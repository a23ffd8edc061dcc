"""119: complex constant arrays: FFT twiddle factors in constant memory."""
import numpy as np
from harness import Case

TWIDDLE = np.exp(-2j * np.pi * np.arange(8) / 16)


def butterfly_args(rng):
    x = (rng.standard_normal(16) + 1j * rng.standard_normal(16)).astype(np.complex128)
    return [x, np.zeros(8, np.complex64)]


def butterfly_expect(args):
    x = args[0].copy()
    a, b = x[:8].copy(), x[8:] * TWIDDLE
    x[:8], x[8:] = a + b, a - b
    out32 = np.zeros(8, np.complex64)
    out32[:] = TWIDDLE.conj().astype(np.complex64)
    return {0: x, 1: out32}


CASES = [
    Case("119_complex_const.py", "butterfly", grid=(1,), block=(8,), args=butterfly_args,
         expect=butterfly_expect, consts={"TWIDDLE": TWIDDLE}),
]
