"""Mandelbrot escape time.  mandel_kernel: 40x64 uint8 image (grid x covers
the rows), float64 iteration in a device function with early return.
mandel_while: float32 coordinates, float64 z, while/break; out column 1 is
left alone.  The reference iterates all points at once with the same float64
operations in the same order; at -O2 (`fused`) `2.0 * zr * zi + ci` and
the pixel coordinates `min + x * size` round once, as Numba's compiler
fuses them (`re2 + im2` is not fused: both squares are also subtracted)."""
import numpy as np
from harness import Case, fma


def escape(cr, ci, iters, ge, fused=False):
    """Iteration count per point; ge=True: stop when |z|^2 >= 4 before the update."""
    zr = np.zeros_like(cr)
    zi = np.zeros_like(cr)
    n = np.full(cr.shape, iters, np.int64)
    live = np.ones(cr.shape, bool)
    for i in range(iters):
        re2, im2 = zr * zr, zi * zi
        out = live & ((re2 + im2 >= 4.0) if ge else (re2 + im2 > 4.0))
        n[out] = i
        live &= ~out
        zi = np.where(live, fma(2.0 * zr, zi, ci) if fused else 2.0 * zr * zi + ci, zi)
        zr = np.where(live, re2 - im2 + cr, zr)
    return n


def mandel_expect(a, fused=False):
    min_x, max_x, min_y, max_y, image, iters = a
    h, w = image.shape
    y, x = np.indices((h, w))
    size_x, size_y = (max_x - min_x) / w, (max_y - min_y) / h
    if fused:
        real, imag = fma(x, size_x, min_x), fma(y, size_y, min_y)
    else:
        real, imag = min_x + x * size_x, min_y + y * size_y
    return {4: (escape(real, imag, int(iters), True, fused) & 0xff).astype(np.uint8)}


def mandel_args(iters):
    return lambda rng: [np.float64(-2.0), np.float64(1.0), np.float64(-1.0), np.float64(1.0),
                        np.zeros((40, 64), np.uint8), np.int32(iters)]


def while_args(rng):
    c = np.stack([rng.random(300) * 3 - 2, rng.random(300) * 2.4 - 1.2], axis=1).astype(np.float32)
    return [c, np.full((300, 2), -7, np.int32), np.int32(80)]


def while_expect(a, fused=False):
    c, out = a[0].astype(np.float64), a[1].copy()
    out[:, 0] = escape(c[:, 0], c[:, 1], int(a[2]), False, fused)
    return {1: out}


CASES = [
    Case("21_mandelbrot.py", "mandel_kernel", grid=(3, 4), block=(16, 16), args=mandel_args(200),
         expect=mandel_expect, fused=lambda a: mandel_expect(a, fused=True)),
    Case("21_mandelbrot.py", "mandel_kernel", grid=(3, 4), block=(16, 16), args=mandel_args(300),
         expect=mandel_expect, fused=lambda a: mandel_expect(a, fused=True), name="uint8_wrap",
         numba_skip="counts above 255 are stored to uint8: compiled code wraps, the simulator's NumPy "
                    "raises OverflowError for the out-of-range Python int"),
    Case("21_mandelbrot.py", "mandel_while", grid=(3,), block=(128,), args=while_args, expect=while_expect,
         fused=lambda a: while_expect(a, fused=True)),
]
