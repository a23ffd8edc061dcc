"""191: numba-cuda's carray/farray over a pointer: C and F views of one
buffer, a 1-D one of `rows * cols` items, their strides, sizes and a
transpose."""
import numpy as np
from harness import Case

SRC = "191_carray.py"


def expect(args):
    flat, rows, cols, out = args
    rows, cols = int(rows), int(cols)
    out = out.copy()
    c = flat[: rows * cols].reshape(rows, cols)
    f = flat[: rows * cols].reshape(rows, cols, order="F")
    for i in range(rows):
        for j in range(cols):
            out[i, j] = c[i, j] - f[i, j] + flat[i * cols + j] * (cols * 8) + rows * 8
    out[0, 0] = f.T[0, 1] + rows * cols + rows
    return {3: out}


def inputs(rng):
    rows, cols = int(rng.integers(2, 5)), int(rng.integers(2, 5))
    return [rng.uniform(-9, 9, 20), np.int32(rows), np.int32(cols), np.zeros((rows, cols))]


CASES = [Case(SRC, "views", grid=(1,), block=(1,), args=inputs, expect=expect, rtol=0, atol=0,
              numba_skip="the simulator has no cffi buffers (from_buffer() of its fake arrays "
                         "fails); real numba-cuda on the emulated driver gives these values")]
