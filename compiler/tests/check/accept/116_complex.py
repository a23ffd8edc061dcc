# Complex numbers: complex64/complex128 arrays and scalars as kernel
# arguments, imaginary literals, complex(), np.complex64(x), .real, .imag,
# .conjugate(), arithmetic with Numba's promotion (an int32 or float64
# operand makes complex128), == and !=, truth, abs, complex local and shared
# arrays, device functions taking and returning complex numbers, and cmath.
import cmath
import math

import numpy as np
from numba import cuda


@cuda.jit("void(complex64[::1], complex128[::1], complex64, complex128[::1])")
def arith(a, b, s, out):
    i = cuda.grid(1)
    if i < a.size:
        z = a[i] * s - a[i] / (s + 1)  # s + 1 is complex128: so is z
        w = b[i] * z + 2 - 0.5j  # complex128
        out[i] = -w.conjugate() + abs(z) / (1 + 1j)


@cuda.jit("void(complex64[::1], int32[::1], float32[::1], float64[::1], complex128[::1], complex64[::1])")
def promotion(z, k, x, y, wide, narrow):
    i = cuda.grid(1)
    if i < z.size:
        wide[i] = z[i] * k[i] + y[i]  # int32 and float64 widen to complex128
        narrow[i] = z[i] * x[i] + np.int8(3)  # float32 and int8 keep complex64


@cuda.jit("void(complex128[::1], float64[::1], float64[::1], float64[::1], float64[::1], complex128[::1])")
def parts(z, re, im, mag, ang, back):
    i = cuda.grid(1)
    if i < z.size:
        re[i] = z[i].real
        im[i] = z[i].imag
        r, phi = cmath.polar(z[i])
        mag[i] = r
        ang[i] = cmath.phase(z[i])
        back[i] = cmath.rect(r, phi) + (2.5).real + (7).imag


@cuda.jit("void(complex128[::1], complex128[:, ::1])")
def elementary(z, out):
    i = cuda.grid(1)
    if i < z.size:
        x = z[i]
        out[i, 0] = cmath.sqrt(x)
        out[i, 1] = cmath.exp(x)
        out[i, 2] = cmath.log(x)
        out[i, 3] = cmath.log10(x)
        out[i, 4] = cmath.sin(x)
        out[i, 5] = cmath.cos(x)
        out[i, 6] = cmath.tan(x)
        out[i, 7] = cmath.asin(x)
        out[i, 8] = cmath.acos(x)
        out[i, 9] = cmath.atan(x)
        out[i, 10] = cmath.sinh(x)
        out[i, 11] = cmath.cosh(x)
        out[i, 12] = cmath.tanh(x)
        out[i, 13] = cmath.asinh(x)
        out[i, 14] = cmath.acosh(x)
        out[i, 15] = cmath.atanh(x)


@cuda.jit("void(complex64[::1], complex64[:, ::1], complex128[:, ::1])")
def elementary32(z, out, wide):
    i = cuda.grid(1)
    if i < z.size:
        x = z[i]
        out[i, 0] = cmath.sqrt(x)
        out[i, 1] = cmath.exp(x)
        out[i, 2] = cmath.log(x)
        out[i, 3] = cmath.sin(x)
        out[i, 4] = cmath.cos(x)
        out[i, 5] = cmath.tan(x)
        out[i, 6] = cmath.asin(x)
        out[i, 7] = cmath.acos(x)
        out[i, 8] = cmath.atan(x)
        out[i, 9] = cmath.sinh(x)
        out[i, 10] = cmath.cosh(x)
        out[i, 11] = cmath.asinh(x)
        out[i, 12] = cmath.atanh(x)
        # Numba's log10, tanh and acosh of a complex64 are complex128.
        wide[i, 0] = cmath.log10(x)
        wide[i, 1] = cmath.tanh(x)
        wide[i, 2] = cmath.acosh(x)


@cuda.jit("void(complex128[::1], boolean[:, ::1])")
def predicates(z, flags):
    i = cuda.grid(1)
    if i < z.size:
        x = z[i]
        flags[i, 0] = cmath.isnan(x)
        flags[i, 1] = cmath.isinf(x)
        flags[i, 2] = cmath.isfinite(x)
        flags[i, 3] = x == z[0]
        flags[i, 4] = x != 1j
        flags[i, 5] = not x
        if x:
            flags[i, 6] = True
        else:
            flags[i, 6] = False


@cuda.jit(device=True)
def rotate(z, quarter_turns):
    r = z
    for _ in range(quarter_turns):
        r = r * 1j
    return r


@cuda.jit(device=True)
def clip_magnitude(z, limit):
    m = abs(z)
    if m > limit:
        return z * (limit / m)
    return 0  # an int return joins the complex one: complex128


@cuda.jit("void(complex64[::1], float64[::1], complex128[::1])")
def device_functions(z, lim, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = rotate(z[i], i % 4) + clip_magnitude(z[i], lim[i])


@cuda.jit("void(float32[::1], float64[::1], complex64[::1], complex128[::1])")
def construct(x, y, out32, out64):
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    if i < x.size:
        acc = cuda.local.array(4, np.complex64)
        acc[0] = complex(x[i], x[i])  # float32 parts: complex64
        acc[1] = np.complex64(y[i])
        acc[2] = complex(i)  # complex128, stored as complex64
        acc[3] = x[i] * 1j
        stage = cuda.shared.array(64, np.complex128)
        stage[t] = complex(y[i], -y[i]) if y[i] > 0 else acc[0] or acc[1]
        cuda.syncthreads()
        total = 0j
        for k in range(4):
            total += acc[k]
        out32[i] = total
        out64[i] = stage[t] + stage[(t + 1) % cuda.blockDim.x]


@cuda.jit("void(float64[::1], complex128[::1])")
def dft(x, out):
    # A direct discrete Fourier transform, one output frequency per thread.
    k = cuda.grid(1)
    n = x.size
    if k < n:
        acc = 0j
        for j in range(n):
            acc += x[j] * cmath.exp(-2j * math.pi * k * j / n)
        out[k] = acc


@cuda.jit("void(complex128[:, ::1], int32[:, ::1], int32)")
def mandelbrot(c, counts, max_iter):
    i, j = cuda.grid(2)
    if i < c.shape[0] and j < c.shape[1]:
        z = 0j
        n = 0
        while n < max_iter and abs(z) <= 2.0:
            z = z * z + c[i, j]
            n += 1
        counts[i, j] = n


@cuda.jit("void(complex128[::1], complex128[::1], complex64[::1], complex128[::1], complex64[::1])")
def power(a, b, a32, out, out32):
    # numba-cuda's complex power: CPython's algorithm, in each type; a
    # complex64 base with an int exponent is complex128 (the int widens).
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] ** b[i] + a32[i] ** 2
        w = a32[i]
        w **= a32[i]
        out32[i] = w
