"""190: pointers. `ffi.from_buffer(a)` of a contiguous array is a pointer to
its data: read, written (`+=` too) and passed to a device function; a
complex pointer reads and writes whole numbers."""
import numpy as np
from harness import Case

SRC = "190_pointers.py"


def expect(args):
    out, a, m, z = (x.copy() for x in args)
    s = 0.0
    for v in a:  # the kernel's order
        s += float(v)
    out[0] = s
    out[1] = np.float64(m.reshape(-1)[m.shape[1] + 1])
    out[2] = np.float64(z[1].imag)
    m.reshape(-1)[0] = 7
    a[1] = np.float32(np.float64(a[1]) + 1.5)
    z[0] = np.complex64(np.complex128(z[1]) * 2)
    return {0: out, 1: a, 2: m, 3: z}


def inputs(rng):
    return [np.zeros(3), rng.uniform(-9, 9, 11).astype(np.float32),
            rng.integers(-100, 100, (3, 4)).astype(np.int16),
            (rng.uniform(-9, 9, 4) + 1j * rng.uniform(-9, 9, 4)).astype(np.complex64)]


CASES = [Case(SRC, "from_buffers", grid=(1,), block=(1,), args=inputs, expect=expect,
              rtol=0, atol=0,
              numba_skip="the simulator has no cffi buffers (from_buffer() of its fake arrays "
                         "fails); real numba-cuda on the emulated driver gives these values")]
