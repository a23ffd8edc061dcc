# The rest of numba-cuda's math module: exp2, ldexp, frexp (a (float, int32)
# tuple), modf (a (fraction, whole) tuple), remainder and nextafter, with
# Numba's result types; math functions of float16 computed in float16; and
# cuda.atomic.nanmax / nanmin, which skip NaN values.
import math

from numba import cuda


@cuda.jit("void(float64[::1], float32[::1], float64[::1], int32[::1], float32[::1], int32[::1], float64[::1], float32[::1])")
def decompose(x, y, mant, expo, mant32, expo32, back, back32):
    # frexp splits a float into mantissa and exponent; ldexp puts it back.
    i = cuda.grid(1)
    if i < x.size:
        m, e = math.frexp(x[i])
        mant[i] = m
        expo[i] = e
        back[i] = math.ldexp(m, e)
        f = math.frexp(y[i])
        mant32[i] = f[0]
        expo32[i] = f[1]
        back32[i] = math.ldexp(f[0], f[1] + 3)


@cuda.jit("void(float64[::1], float32[::1], float64[:, ::1], float32[:, ::1])")
def split_parts(x, y, parts, parts32):
    i = cuda.grid(1)
    if i < x.size:
        frac, whole = math.modf(x[i])
        parts[i, 0] = frac
        parts[i, 1] = whole
        parts32[i, 0], parts32[i, 1] = math.modf(y[i])


@cuda.jit("void(float64[::1], float32[::1], float64[::1], float32[::1], float64[::1])")
def wrap_phase(angle, angle32, wrapped, wrapped32, step):
    # remainder(a, 2 pi) lies in [-pi, pi]; remainder(a, 1.0) is the
    # distance to the nearest integer (ties to even).
    i = cuda.grid(1)
    if i < angle.size:
        wrapped[i] = math.remainder(angle[i], 2 * math.pi)
        wrapped32[i] = math.remainder(angle32[i], angle32[0])
        step[i] = math.remainder(angle[i], 1.0) + math.remainder(i, 4)


@cuda.jit("void(float64[::1], float64[::1], float64[::1], float64[::1])")
def ulp_steps(x, toward, nxt, ulp):
    i = cuda.grid(1)
    if i < x.size:
        nxt[i] = math.nextafter(x[i], toward[i])
        ulp[i] = math.nextafter(abs(x[i]), math.inf) - abs(x[i])


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def ulp_steps32(x, toward, nxt):
    i = cuda.grid(1)
    if i < x.size:
        nxt[i] = math.nextafter(x[i], toward[i])


@cuda.jit("void(float64[::1], float32[::1], int32[::1], float64[::1], float32[::1], float64[::1])")
def exp2_levels(x, y, n, out, out32, outn):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.exp2(x[i])
        out32[i] = math.exp2(y[i])
        outn[i] = math.exp2(n[i])


@cuda.jit("void(float16[::1], float16[:, ::1])")
def half_math(h, out):
    # numba-cuda computes these math functions of a float16 in float16.
    i = cuda.grid(1)
    if i < h.size:
        v = h[i]
        a = math.sqrt(math.fabs(v))
        b = math.exp2(v)
        c = math.floor(v)
        d = math.tanh(v)
        out[i, 0] = a
        out[i, 1] = b
        out[i, 2] = c
        out[i, 3] = d
        out[i, 4] = math.ceil(v) + math.floor(-v)


@cuda.jit("void(int16[::1], int64[::1], float16[::1], float64[:, ::1], int32[::1])")
def mixed_types(s, n, h, out, expo):
    # Numba's typing of integer and float16 arguments: float32 for int16
    # (ldexp, frexp, remainder), float64 for modf of a float16.
    i = cuda.grid(1)
    if i < s.size:
        a = math.ldexp(s[i], i - 16)
        m, e = math.frexp(s[i])
        r = math.remainder(s[i], h[i])
        fr, wh = math.modf(h[i])
        q = math.nextafter(s[i], n[i])
        out[i, 0] = a
        out[i, 1] = m
        out[i, 2] = r
        out[i, 3] = fr + wh
        out[i, 4] = q
        expo[i] = e


@cuda.jit("void(float32[::1], float64[::1], int32[::1], float32[::1], float64[::1], int32[::1])")
def nan_extrema(x, w, k, hi_lo, hi_lo64, ext):
    # Block-wide extrema that ignore NaN samples.
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.nanmax(hi_lo, 0, x[i])
        cuda.atomic.nanmin(hi_lo, 1, x[i])
        cuda.atomic.nanmax(hi_lo64, 0, w[i])
        cuda.atomic.nanmin(hi_lo64, 1, w[i])
        cuda.atomic.nanmax(ext, 0, k[i])
        cuda.atomic.nanmin(ext, 1, k[i])
