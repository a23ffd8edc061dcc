"""163: a.view(dtype) on C, F and strided (A) arrays, smaller, equal and
larger element sizes, read, written and reduced, against NumPy's views."""
import numpy as np
from harness import Case

SRC = "163_array_view_dtype.py"


def expect(args):
    b, f, g, s, out32, out64, bits, fout = [a.copy() for a in args]
    w = b.view(np.int32)
    out32[0] = w[0]
    out32[1] = w.shape[0]
    bits[0] = f.view(np.uint32)[1, 2]
    # A view of a view whose last axis is contiguous: NumPy's view too.
    bits[1] = f[1:, 1:].view(np.uint32)[0, 0]
    h = f.view(np.int16)
    out32[2] = h.shape[1]
    out32[3] = h[0, 1]
    gg = g.view(np.uint64)
    out64[0] = gg.shape[0]
    out64[1] = gg[1, 0]
    out64[2] = np.sum(gg, dtype=np.uint64)
    ss = s.view(np.complex128)
    out64[3] = ss.shape[1]
    fout[0] = ss[1, 0].imag
    acc = 0j
    for v in ss.ravel():
        acc += v
    fout[1] = acc.real
    w[1] = 7
    out32[4] = int(b[4]) + int(b[5])
    return {0: b, 4: out32, 5: out64, 6: bits, 7: fout}


def inputs(rng):
    b = rng.integers(0, 256, 16).astype(np.uint8)
    f = rng.uniform(-2, 2, (3, 4)).astype(np.float32)
    g = np.asfortranarray(rng.integers(0, 2**40, (3, 2)))
    s = rng.uniform(-1, 1, (5, 4))[::2]  # rows strided, last axis contiguous
    return [b, f, g, s, np.zeros(5, np.int32), np.zeros(4, np.int64),
            np.zeros(2, np.uint32), np.zeros(2)]


CASES = [
    Case(SRC, "views", grid=(1,), block=(1,), args=inputs, expect=expect, rtol=1e-12),
]
