"""138: .real and .imag views of complex arrays, against NumPy's own
.real/.imag views doing the same."""
import numpy as np
from harness import Case

SRC = "138_complex_array_parts.py"


def parts_expect(args):
    z, out = args
    z, out = z.copy(), out.copy()
    n = len(z)
    out[:n] = z.real * 10 + z.imag
    out[n] = np.sum(z.real) + np.sum(z.real[1:])
    z.imag[:] = -z.real
    return {0: z, 1: out}


def atomics_expect(args):
    z, out = args
    z, out = z.copy(), out.copy()
    z.real[:] += np.float32(1)
    z.imag[:] += np.float32(2)
    out[0] += np.sum(z.imag.T.astype(np.float64))
    return {0: z, 1: out}


def imag_slices_expect(args):
    z, out = args
    out = out.copy()
    out[0] = np.sum(z.imag[1:]) * 1000 + np.sum(z.imag[::-2])
    return {1: out}


def _c(rng, shape, dtype):
    return (rng.integers(-50, 50, shape) + 1j * rng.integers(-50, 50, shape)).astype(dtype)


CASES = [
    Case(SRC, "parts", grid=(2,), block=(32,),
         args=lambda rng: [_c(rng, 50, np.complex128), np.zeros(51)], expect=parts_expect),
    # A non-contiguous 2-D argument (every other column of a wider array).
    Case(SRC, "atomics_2d", grid=(2, 2), block=(8, 8),
         args=lambda rng: [_c(rng, (12, 22), np.complex64)[:, ::2], np.zeros(1, np.float32)],
         expect=atomics_expect),
    Case(SRC, "imag_slices", grid=(1,), block=(1,),
         args=lambda rng: [_c(rng, 9, np.complex128), np.zeros(1)], expect=imag_slices_expect),
    Case(SRC, "real_of_real", grid=(1,), block=(16,),
         args=lambda rng: [rng.standard_normal(10).astype(np.float32), np.zeros(10, np.float32)],
         expect=lambda args: {1: args[0] * np.float32(2)}),
]
